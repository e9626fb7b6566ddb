"""The lobby of cash tables: rows as stored or held, ETag'd and gzipped answers,
filtered pages, and its routes."""
