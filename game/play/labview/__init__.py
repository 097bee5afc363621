"""The lab scene's drawing: the maze pictures (:mod:`.picture`) and the side panel (:mod:`.panel`)."""
