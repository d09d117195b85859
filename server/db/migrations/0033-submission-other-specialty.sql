-- A resume whose specialty is 'Other' keeps what its author typed (other_specialty); the operator
-- picks one of the 18 specialties when approving it, and the typed text becomes the physician's
-- sub-specialty (docs/decisions/035-freshest-source-and-move-signals.md). Earlier submissions
-- stored the typed text as the specialty: any value that is not one of the 18 is moved over.
ALTER TABLE candidate_submissions ADD COLUMN other_specialty text;
UPDATE candidate_submissions
   SET other_specialty = specialty, specialty = 'Other'
 WHERE lower(btrim(specialty)) NOT IN (
   'family medicine', 'internal medicine', 'pediatrics', 'cardiology', 'obgyn', 'orthopedic surgery',
   'neurology', 'dermatology', 'physician assistant', 'emergency medicine', 'psychiatry',
   'anesthesiology', 'radiology', 'general surgery', 'oncology', 'gastroenterology', 'pulmonology',
   'urology', 'other');
