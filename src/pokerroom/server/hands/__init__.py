"""Finished hands as files and frames: dealt again from their record, summarized,
masked for the viewer, and sent as downloads."""
