import type { Specialty } from '../../../contract/directory-options';

/*
 * How the demo directory's physicians of each of the 18 specialties divide into sub-specialties
 * (docs/decisions/052-every-field-a-recruiter-fills.md). People review this table.
 *
 * The generator draws a physician's specialty with the 18's own weights (reference-data.ts
 * SPECIALTY_PROFILES), so the Specialties page keeps its skew; then the sub-specialty (or none:
 * `general`) in proportion to the counts below. A row's name and specialty are NUCC's, exactly as
 * contract/taxonomy-map.ts files that code (a test checks), so the demo looks like an NPPES import:
 * otolaryngologists, ophthalmologists and neurosurgeons under General Surgery, nephrologists,
 * endocrinologists and hospitalists under Internal Medicine.
 *
 * Where the numbers come from. The reference files (contract/reference-data/: the NUCC code set
 * and the Doctors and Clinicians specialty values) say which sub-specialties exist and where they
 * go, but hold no counts. The counts are active physicians in 2021 by self-designated specialty,
 * from the AAMC's 2022 Physician Specialty Data Report (AMA Physician Professional Data; the 48
 * largest specialties, each over 2,500 physicians; figures as listed at
 * https://www.beckersasc.com/asc-news/number-of-active-physicians-by-specialty.html), except:
 * - HOSPITALISTS: the report counts them within internal medicine; 30,000 (the Society of Hospital
 *   Medicine's and the American Hospital Association's estimate quoted by the AAMC's Analysis in
 *   Brief, August 2012) are taken out of internal medicine's 120,342.
 * - UNLISTED: a sub-specialty the report does not list has fewer physicians than its smallest row
 *   (2,632); such rows count 1,000, an assumption, so the demo holds a few of each.
 * - The report's one 'Hematology and oncology' row (16,673) covers NUCC's Medical Oncology (the
 *   specialty itself) and Hematology & Oncology: split evenly.
 * - Its two 'Sports medicine' rows: 3,208 taken as primary care's (under Family Medicine), 3,065 as
 *   orthopaedic surgery's.
 * - Physician assistants are not in the report: 'Medical' and 'Surgical' (NUCC 363AM0700X,
 *   363AS0400X) are a tenth each of the specialty, an assumption.
 */

/** A sub-specialty the report does not list (fewer than 2,632 physicians): an assumed count. */
const UNLISTED = 1_000;
const HOSPITALISTS = 30_000;
const HEMATOLOGY_AND_ONCOLOGY = 16_673;

/** [NUCC sub-specialty name, active physicians, the role title its physicians carry or null]. */
export type SubSpecialtyRow = readonly [name: string, physicians: number, roleTitle: string | null];
/** `general`: the specialty's physicians without a sub-specialty. */
export type SpecialtyDivision = { general: number; subSpecialties: readonly SubSpecialtyRow[] };

// One row a line, as reviewers read it.
// prettier-ignore
export const SUB_SPECIALTY_PHYSICIANS: Record<Specialty, SpecialtyDivision> = {
  'Family Medicine': { general: 118_641, subSpecialties: [
    ['Public Health & General Preventive Medicine', 6_555, 'Preventive Medicine Physician'],
    ['Sports Medicine', 3_208, 'Sports Medicine Physician'],
  ] },
  'Internal Medicine': { general: 120_342 - HOSPITALISTS, subSpecialties: [
    ['Hospitalist', HOSPITALISTS, 'Hospitalist'],
    ['Critical Care Medicine', 14_159, 'Intensivist'],
    ['Anatomic Pathology & Clinical Pathology', 12_180, 'Pathologist'],
    ['Nephrology', 11_554, 'Nephrologist'],
    ['Infectious Disease', 9_913, 'Infectious Disease Physician'],
    ['Endocrinology, Diabetes & Metabolism', 8_246, 'Endocrinologist'],
    ['Rheumatology', 6_420, 'Rheumatologist'],
    ['Geriatric Medicine', 6_149, 'Geriatrician'],
    ['Allergy & Immunology', 5_009, 'Allergist'],
  ] },
  Pediatrics: { general: 60_305, subSpecialties: [
    ['Neonatal-Perinatal Medicine', 6_056, 'Neonatologist'],
    ['Pediatric Hematology-Oncology', 3_179, 'Pediatric Oncologist'],
    ['Pediatric Cardiology', 2_993, 'Pediatric Cardiologist'],
    ['Pediatric Critical Care Medicine', 2_774, 'Pediatric Intensivist'],
    ['Pediatric Gastroenterology', UNLISTED, 'Pediatric Gastroenterologist'],
  ] },
  Cardiology: { general: 22_262, subSpecialties: [
    ['Interventional Cardiology', 4_736, 'Interventional Cardiologist'],
    ['Clinical Cardiac Electrophysiology', 2_632, 'Electrophysiologist'],
    ['Advanced Heart Failure and Transplant Cardiology', UNLISTED, 'Heart Failure Cardiologist'],
  ] },
  OBGYN: { general: 42_496, subSpecialties: [
    ['Maternal & Fetal Medicine', UNLISTED, 'Maternal-Fetal Medicine Specialist'],
    ['Reproductive Endocrinology', UNLISTED, 'Reproductive Endocrinologist'],
    ['Gynecologic Oncology', UNLISTED, 'Gynecologic Oncologist'],
    ['Female Pelvic Medicine and Reconstructive Surgery', UNLISTED, 'Urogynecologist'],
  ] },
  'Orthopedic Surgery': { general: 18_469, subSpecialties: [
    ['Sports Medicine', 3_065, 'Orthopedic Sports Medicine Surgeon'],
    ['Hand Surgery', UNLISTED, 'Hand Surgeon'],
    ['Orthopaedic Surgery of the Spine', UNLISTED, 'Spine Surgeon'],
    ['Adult Reconstructive Orthopaedic Surgery', UNLISTED, 'Joint Replacement Surgeon'],
    ['Foot and Ankle Surgery', UNLISTED, 'Foot and Ankle Surgeon'],
    ['Pediatric Orthopaedic Surgery', UNLISTED, 'Pediatric Orthopedic Surgeon'],
  ] },
  Neurology: { general: 13_853, subSpecialties: [
    ['Physical Medicine & Rehabilitation', 9_724, 'Physiatrist'],
    ['Neurology with Special Qualifications in Child Neurology', UNLISTED, 'Child Neurologist'],
    ['Clinical Neurophysiology', UNLISTED, 'Neurophysiologist'],
    ['Vascular Neurology', UNLISTED, 'Vascular Neurologist'],
  ] },
  Dermatology: { general: 12_767, subSpecialties: [
    ['MOHS-Micrographic Surgery', UNLISTED, 'Mohs Surgeon'],
    ['Pediatric Dermatology', UNLISTED, 'Pediatric Dermatologist'],
    ['Dermatopathology', UNLISTED, 'Dermatopathologist'],
  ] },
  // Not in the report: only the shares matter (a tenth each).
  'Physician Assistant': { general: 8, subSpecialties: [
    ['Medical', 1, null],
    ['Surgical', 1, null],
  ] },
  'Emergency Medicine': { general: 46_857, subSpecialties: [
    ['Pediatric Emergency Medicine', UNLISTED, 'Pediatric Emergency Physician'],
    ['Medical Toxicology', UNLISTED, 'Medical Toxicologist'],
    ['Emergency Medical Services', UNLISTED, 'EMS Physician'],
  ] },
  Psychiatry: { general: 38_424, subSpecialties: [
    ['Child & Adolescent Psychiatry', 9_966, 'Child and Adolescent Psychiatrist'],
    ['Addiction Psychiatry', UNLISTED, 'Addiction Psychiatrist'],
    ['Geriatric Psychiatry', UNLISTED, 'Geriatric Psychiatrist'],
  ] },
  Anesthesiology: { general: 42_264, subSpecialties: [
    ['Pain Medicine', 6_240, 'Pain Medicine Physician'],
    ['Pediatric Anesthesiology', 2_843, 'Pediatric Anesthesiologist'],
    ['Critical Care Medicine', UNLISTED, 'Critical Care Anesthesiologist'],
  ] },
  Radiology: { general: 27_197, subSpecialties: [
    ['Neuroradiology', 4_311, 'Neuroradiologist'],
    ['Vascular & Interventional Radiology', 4_011, 'Interventional Radiologist'],
    ['Pediatric Radiology', UNLISTED, 'Pediatric Radiologist'],
    ['Nuclear Medicine', UNLISTED, 'Nuclear Medicine Physician'],
  ] },
  'General Surgery': { general: 24_881, subSpecialties: [
    ['Ophthalmology', 18_948, 'Ophthalmologist'],
    ['Otolaryngology', 9_616, 'Otolaryngologist'],
    ['Plastic Surgery', 7_228, 'Plastic Surgeon'],
    ['Neurological Surgery', 5_748, 'Neurosurgeon'],
    ['Thoracic Surgery (Cardiothoracic Vascular Surgery)', 4_449, 'Cardiothoracic Surgeon'],
    ['Vascular Surgery', 4_039, 'Vascular Surgeon'],
    ['Colon & Rectal Surgery', UNLISTED, 'Colorectal Surgeon'],
    ['Surgical Critical Care', UNLISTED, 'Surgical Intensivist'],
    ['Trauma Surgery', UNLISTED, 'Trauma Surgeon'],
  ] },
  Oncology: { general: HEMATOLOGY_AND_ONCOLOGY / 2, subSpecialties: [
    ['Hematology & Oncology', HEMATOLOGY_AND_ONCOLOGY / 2, 'Hematologist Oncologist'],
    ['Radiation Oncology', 5_376, 'Radiation Oncologist'],
    ['Surgical Oncology', UNLISTED, 'Surgical Oncologist'],
  ] },
  Gastroenterology: { general: 15_678, subSpecialties: [
    ['Hepatology', UNLISTED, 'Hepatologist'],
  ] },
  Pulmonology: { general: 4_867, subSpecialties: [] },
  Urology: { general: 10_081, subSpecialties: [
    ['Pediatric Urology', UNLISTED, 'Pediatric Urologist'],
    ['Female Pelvic Medicine and Reconstructive Surgery', UNLISTED, 'Urogynecologist'],
  ] },
};
