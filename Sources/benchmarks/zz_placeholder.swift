// placeholder (not committed)
