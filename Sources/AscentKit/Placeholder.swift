// Placeholder until the Ascent app lands.
