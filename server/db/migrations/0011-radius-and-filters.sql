-- Radius search and the 37 searchable parameters (docs/decisions/023-radius-search-and-37-filters.md).
-- The ZIP (physicians.zip) and its centroid (the `zipcodes` package, read by the server) drive the
-- radius; these two columns are the data behind two new filters. The demo generator fills them;
-- the NPPES import maps the NUCC specialisation of the primary taxonomy to the sub-specialty.
ALTER TABLE physicians ADD COLUMN sub_specialty text;
ALTER TABLE physicians ADD COLUMN accepting_medicaid boolean;
