-- The search index's own vocabulary, read only when a query finds almost nothing: the terms
-- (porter stems) that share a misspelt word's first letters are compared with it in the Worker
-- to offer the nearest one ('playwrite' -> 'playwright'). A view over the index, so it needs no
-- upkeep; a look-up reads one range of terms, not the catalogue.
CREATE VIRTUAL TABLE `servers_search_terms` USING fts5vocab(`servers_search`, 'row');
