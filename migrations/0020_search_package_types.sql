-- The package type filter narrows inside the search indexes, as 'tools known' and 'remote' do
-- (hand-written, as 0017 was).
--
-- `packageType=npm` (pypi, oci, nuget, mcpb: PACKAGE_TYPES, worker/shared/limits.ts) keeps
-- servers with a package of that type. Each index's `facets` column (0017) now also holds one
-- private-use token per package type a server has: U+E002 npm, U+E003 pypi, U+E004 oci (a legacy
-- `docker` package too), U+E005 nuget, U+E006 mcpb (`FACETS`, worker/lib/search/query.ts).
-- A package's type is read as the cards' `installKinds` and `hasPackageType` read it
-- (worker/db/server-cards.ts; the two must change together): the registry's `registryType`, the
-- form's `registry_type` or a legacy `registry_name`, trimmed and lower-cased; a package named by a
-- string alone, or of the old registry's `unknown`, has none. A search then narrows to a type
-- inside the index, its capped totals counted from postings, instead of reading each match's row;
-- a list filtered by row filters alone counts its total from `servers_labels` (`facetTotal`).
-- The insert and update triggers of 0017 are made again with the tokens (an update re-indexes a
-- row when its packages change too; the delete triggers are unchanged), and every listed row's
-- facets are written again: the indexes are contentless, so each is emptied and filled anew.
DROP TRIGGER `servers_search_ai`;
--> statement-breakpoint
DROP TRIGGER `servers_search_au`;
--> statement-breakpoint
DROP TRIGGER `servers_labels_ai`;
--> statement-breakpoint
DROP TRIGGER `servers_labels_au`;
--> statement-breakpoint
DROP TRIGGER `servers_tools_ai`;
--> statement-breakpoint
DROP TRIGGER `servers_tools_au`;
--> statement-breakpoint
INSERT INTO servers_search(servers_search) VALUES ('delete-all');
--> statement-breakpoint
INSERT INTO servers_labels(servers_labels) VALUES ('delete-all');
--> statement-breakpoint
INSERT INTO servers_tools(servers_tools) VALUES ('delete-all');
--> statement-breakpoint
INSERT INTO servers_search(rowid, display_name, name, description, author, tags, categories, readme, facets)
SELECT search_key, display_name, name, description, author, tags, categories, substr(coalesce(readme_text, ''), 1, 16000),
  trim(CASE WHEN tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN remotes <> '[]' THEN char(57345) ELSE '' END
    || ' ' || coalesce((SELECT group_concat(DISTINCT CASE lower(trim(COALESCE(json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registryType'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_type'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_name')))) WHEN 'npm' THEN char(57346) WHEN 'pypi' THEN char(57347) WHEN 'oci' THEN char(57348) WHEN 'docker' THEN char(57348) WHEN 'nuget' THEN char(57349) WHEN 'mcpb' THEN char(57350) END) FROM json_each(packages) p), ''))
FROM servers WHERE status = 'active';
--> statement-breakpoint
INSERT INTO servers_labels(rowid, display_name, name, tags, categories, facets)
SELECT search_key, display_name, name, tags, categories,
  trim(CASE WHEN tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN remotes <> '[]' THEN char(57345) ELSE '' END
    || ' ' || coalesce((SELECT group_concat(DISTINCT CASE lower(trim(COALESCE(json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registryType'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_type'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_name')))) WHEN 'npm' THEN char(57346) WHEN 'pypi' THEN char(57347) WHEN 'oci' THEN char(57348) WHEN 'docker' THEN char(57348) WHEN 'nuget' THEN char(57349) WHEN 'mcpb' THEN char(57350) END) FROM json_each(packages) p), ''))
FROM servers WHERE status = 'active';
--> statement-breakpoint
INSERT INTO servers_tools(rowid, tools, tags, categories, facets)
SELECT search_key, substr(tool_text, 1, 16000), tags, categories,
  trim(CASE WHEN tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN remotes <> '[]' THEN char(57345) ELSE '' END
    || ' ' || coalesce((SELECT group_concat(DISTINCT CASE lower(trim(COALESCE(json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registryType'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_type'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_name')))) WHEN 'npm' THEN char(57346) WHEN 'pypi' THEN char(57347) WHEN 'oci' THEN char(57348) WHEN 'docker' THEN char(57348) WHEN 'nuget' THEN char(57349) WHEN 'mcpb' THEN char(57350) END) FROM json_each(packages) p), ''))
FROM servers WHERE status = 'active' AND coalesce(tool_text, '') <> '';
--> statement-breakpoint
CREATE TRIGGER `servers_search_ai` AFTER INSERT ON `servers` WHEN new.status = 'active' BEGIN
  INSERT INTO servers_search(rowid, display_name, name, description, author, tags, categories, readme, facets)
  VALUES (new.search_key, new.display_name, new.name, new.description, new.author, new.tags, new.categories,
    substr(coalesce(new.readme_text, ''), 1, 16000),
    trim(CASE WHEN new.tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN new.remotes <> '[]' THEN char(57345) ELSE '' END
    || ' ' || coalesce((SELECT group_concat(DISTINCT CASE lower(trim(COALESCE(json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registryType'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_type'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_name')))) WHEN 'npm' THEN char(57346) WHEN 'pypi' THEN char(57347) WHEN 'oci' THEN char(57348) WHEN 'docker' THEN char(57348) WHEN 'nuget' THEN char(57349) WHEN 'mcpb' THEN char(57350) END) FROM json_each(new.packages) p), '')));
END;
--> statement-breakpoint
-- Likes and views change popularity constantly: the row is re-indexed only when its text, its
-- listing, its bucket or a filter's answer changed (its packages, for the package types).
CREATE TRIGGER `servers_search_au` AFTER UPDATE OF
  `display_name`, `name`, `description`, `author`, `tags`, `categories`, `readme_text`, `status`, `stars`, `popularity`, `tool_count`, `remotes`, `packages`
ON `servers` WHEN (old.status = 'active' OR new.status = 'active') AND (
  old.status IS NOT new.status OR old.search_key IS NOT new.search_key
  OR old.display_name IS NOT new.display_name OR old.name IS NOT new.name OR old.description IS NOT new.description
  OR old.author IS NOT new.author OR old.tags IS NOT new.tags OR old.categories IS NOT new.categories
  OR old.readme_text IS NOT new.readme_text
  OR (coalesce(old.tool_count, 0) > 0) IS NOT (coalesce(new.tool_count, 0) > 0) OR (old.remotes <> '[]') IS NOT (new.remotes <> '[]')
  OR old.packages IS NOT new.packages
) BEGIN
  DELETE FROM servers_search WHERE rowid = old.search_key AND old.status = 'active';
  INSERT INTO servers_search(rowid, display_name, name, description, author, tags, categories, readme, facets)
  SELECT new.search_key, new.display_name, new.name, new.description, new.author, new.tags, new.categories,
    substr(coalesce(new.readme_text, ''), 1, 16000),
    trim(CASE WHEN new.tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN new.remotes <> '[]' THEN char(57345) ELSE '' END
    || ' ' || coalesce((SELECT group_concat(DISTINCT CASE lower(trim(COALESCE(json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registryType'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_type'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_name')))) WHEN 'npm' THEN char(57346) WHEN 'pypi' THEN char(57347) WHEN 'oci' THEN char(57348) WHEN 'docker' THEN char(57348) WHEN 'nuget' THEN char(57349) WHEN 'mcpb' THEN char(57350) END) FROM json_each(new.packages) p), ''))
  WHERE new.status = 'active';
END;
--> statement-breakpoint
CREATE TRIGGER `servers_labels_ai` AFTER INSERT ON `servers` WHEN new.status = 'active' BEGIN
  INSERT INTO servers_labels(rowid, display_name, name, tags, categories, facets)
  VALUES (new.search_key, new.display_name, new.name, new.tags, new.categories,
    trim(CASE WHEN new.tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN new.remotes <> '[]' THEN char(57345) ELSE '' END
    || ' ' || coalesce((SELECT group_concat(DISTINCT CASE lower(trim(COALESCE(json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registryType'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_type'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_name')))) WHEN 'npm' THEN char(57346) WHEN 'pypi' THEN char(57347) WHEN 'oci' THEN char(57348) WHEN 'docker' THEN char(57348) WHEN 'nuget' THEN char(57349) WHEN 'mcpb' THEN char(57350) END) FROM json_each(new.packages) p), '')));
END;
--> statement-breakpoint
CREATE TRIGGER `servers_labels_au` AFTER UPDATE OF
  `display_name`, `name`, `tags`, `categories`, `status`, `stars`, `popularity`, `tool_count`, `remotes`, `packages`
ON `servers` WHEN (old.status = 'active' OR new.status = 'active') AND (
  old.status IS NOT new.status OR old.search_key IS NOT new.search_key
  OR old.display_name IS NOT new.display_name OR old.name IS NOT new.name
  OR old.tags IS NOT new.tags OR old.categories IS NOT new.categories
  OR (coalesce(old.tool_count, 0) > 0) IS NOT (coalesce(new.tool_count, 0) > 0) OR (old.remotes <> '[]') IS NOT (new.remotes <> '[]')
  OR old.packages IS NOT new.packages
) BEGIN
  DELETE FROM servers_labels WHERE rowid = old.search_key AND old.status = 'active';
  INSERT INTO servers_labels(rowid, display_name, name, tags, categories, facets)
  SELECT new.search_key, new.display_name, new.name, new.tags, new.categories,
    trim(CASE WHEN new.tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN new.remotes <> '[]' THEN char(57345) ELSE '' END
    || ' ' || coalesce((SELECT group_concat(DISTINCT CASE lower(trim(COALESCE(json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registryType'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_type'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_name')))) WHEN 'npm' THEN char(57346) WHEN 'pypi' THEN char(57347) WHEN 'oci' THEN char(57348) WHEN 'docker' THEN char(57348) WHEN 'nuget' THEN char(57349) WHEN 'mcpb' THEN char(57350) END) FROM json_each(new.packages) p), ''))
  WHERE new.status = 'active';
END;
--> statement-breakpoint
CREATE TRIGGER `servers_tools_ai` AFTER INSERT ON `servers` WHEN new.status = 'active' AND coalesce(new.tool_text, '') <> '' BEGIN
  INSERT INTO servers_tools(rowid, tools, tags, categories, facets)
  VALUES (new.search_key, substr(new.tool_text, 1, 16000), new.tags, new.categories,
    trim(CASE WHEN new.tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN new.remotes <> '[]' THEN char(57345) ELSE '' END
    || ' ' || coalesce((SELECT group_concat(DISTINCT CASE lower(trim(COALESCE(json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registryType'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_type'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_name')))) WHEN 'npm' THEN char(57346) WHEN 'pypi' THEN char(57347) WHEN 'oci' THEN char(57348) WHEN 'docker' THEN char(57348) WHEN 'nuget' THEN char(57349) WHEN 'mcpb' THEN char(57350) END) FROM json_each(new.packages) p), '')));
END;
--> statement-breakpoint
CREATE TRIGGER `servers_tools_au` AFTER UPDATE OF
  `tool_text`, `tags`, `categories`, `status`, `stars`, `popularity`, `tool_count`, `remotes`, `packages`
ON `servers` WHEN (
  (old.status = 'active' AND coalesce(old.tool_text, '') <> '') OR (new.status = 'active' AND coalesce(new.tool_text, '') <> '')
) AND (
  old.status IS NOT new.status OR old.search_key IS NOT new.search_key OR old.tool_text IS NOT new.tool_text
  OR old.tags IS NOT new.tags OR old.categories IS NOT new.categories
  OR (coalesce(old.tool_count, 0) > 0) IS NOT (coalesce(new.tool_count, 0) > 0) OR (old.remotes <> '[]') IS NOT (new.remotes <> '[]')
  OR old.packages IS NOT new.packages
) BEGIN
  DELETE FROM servers_tools WHERE rowid = old.search_key AND old.status = 'active' AND coalesce(old.tool_text, '') <> '';
  INSERT INTO servers_tools(rowid, tools, tags, categories, facets)
  SELECT new.search_key, substr(new.tool_text, 1, 16000), new.tags, new.categories,
    trim(CASE WHEN new.tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN new.remotes <> '[]' THEN char(57345) ELSE '' END
    || ' ' || coalesce((SELECT group_concat(DISTINCT CASE lower(trim(COALESCE(json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registryType'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_type'), json_extract(CASE WHEN p.type = 'object' THEN p.value END, '$.registry_name')))) WHEN 'npm' THEN char(57346) WHEN 'pypi' THEN char(57347) WHEN 'oci' THEN char(57348) WHEN 'docker' THEN char(57348) WHEN 'nuget' THEN char(57349) WHEN 'mcpb' THEN char(57350) END) FROM json_each(new.packages) p), ''))
  WHERE new.status = 'active' AND coalesce(new.tool_text, '') <> '';
END;
