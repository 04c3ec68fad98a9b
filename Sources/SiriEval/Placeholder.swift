// The evaluation of the parser against labelled utterances (siri eval).
