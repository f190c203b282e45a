"""`wonders print`: a pack's cards and wonder boards at real size, for a paper playtest."""
