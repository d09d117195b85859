-- A physician's skills hold each skill once, 'Wound Care' and 'wound care' being one skill:
-- compared without regard to case or spaces, the first spelling kept (contract/skills.ts). The
-- resume form, the submission API and approvals keep to that from now on; this applies it to
-- what is stored, so cards, profiles, exports and the skills filter's counts (the search index
-- reads these arrays) see each skill once. Only rows holding a repeated skill are rewritten, and
-- updated_at stays: nothing about the physician changed, no new-match alert is due.
UPDATE physicians AS p
   SET skills = (
     SELECT coalesce(array_agg(firsts.skill ORDER BY firsts.ord), '{}')
       FROM (
         SELECT DISTINCT ON (lower(translate(s.skill, E' \t\r\n', '')))
                regexp_replace(btrim(s.skill), '\s+', ' ', 'g') AS skill, s.ord
           FROM unnest(p.skills) WITH ORDINALITY AS s(skill, ord)
          WHERE btrim(s.skill) <> ''
          ORDER BY lower(translate(s.skill, E' \t\r\n', '')), s.ord
       ) AS firsts
   )
 WHERE cardinality(p.skills) > 1
   AND EXISTS (
     SELECT 1 FROM unnest(p.skills) AS x
      GROUP BY lower(translate(x, E' \t\r\n', ''))
     HAVING count(*) > 1
   );

-- Submissions waiting for approval, the same way (Resume Approval shows them).
UPDATE candidate_submissions AS c
   SET skills = (
     SELECT coalesce(array_agg(firsts.skill ORDER BY firsts.ord), '{}')
       FROM (
         SELECT DISTINCT ON (lower(translate(s.skill, E' \t\r\n', '')))
                regexp_replace(btrim(s.skill), '\s+', ' ', 'g') AS skill, s.ord
           FROM unnest(c.skills) WITH ORDINALITY AS s(skill, ord)
          WHERE btrim(s.skill) <> ''
          ORDER BY lower(translate(s.skill, E' \t\r\n', '')), s.ord
       ) AS firsts
   )
 WHERE cardinality(c.skills) > 1
   AND EXISTS (
     SELECT 1 FROM unnest(c.skills) AS x
      GROUP BY lower(translate(x, E' \t\r\n', ''))
     HAVING count(*) > 1
   );
