print("siri")
