print("siri-store-tool: not implemented yet")
