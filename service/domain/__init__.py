"""Domain models: the catalogue (as seeded and as read back), links and their verdicts."""
