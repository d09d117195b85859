import type { Specialty } from './directory-options';

/**
 * NUCC taxonomy code -> the directory's specialty (one of the 18 we sell) and sub-specialty
 * (NUCC's own name for the specialisation, or for a classification outside the 18; null for a
 * specialty's own code). One row per code: every code of NUCC's 'Allopathic & Osteopathic
 * Physicians' grouping and of 363A (physician assistants) in code set v15.0, plus the later codes
 * at the end. People review this table: change a row here, never add a prefix rule
 * (docs/decisions/029-import-resync-and-specialty-language.md).
 *
 * The rules the rows follow (contract/nucc-taxonomy.test.ts checks them):
 * 1. A classification outside the 18 goes under the nearest one, its name as the sub-specialty:
 *    surgical ones (otolaryngology, ophthalmology, neurological, plastic, thoracic, colon & rectal,
 *    transplant, oral & maxillofacial surgery, phlebology) under General Surgery; pathology,
 *    hospitalists, clinical pharmacology, legal medicine and independent medical examiners under
 *    Internal Medicine; physical medicine & rehabilitation and electrodiagnostic medicine under
 *    Neurology; preventive medicine, general practice and osteopathic manipulative medicine under
 *    Family Medicine; medical genetics under Pediatrics; nuclear medicine under Radiology; pain
 *    medicine under Anesthesiology.
 * 2. A specialisation goes where its classification goes: Physical Medicine & Rehabilitation's
 *    Sports Medicine is Neurology, as PM&R is; Ophthalmology's Retina Specialist is General
 *    Surgery, as Ophthalmology is (the recruiter vocabulary finds it as an ophthalmologist).
 *    Psychiatry & Neurology holds two of the 18: each of its specialisations is under the one
 *    whose field it is. Two exceptions:
 *    a. A field of Cardiology, Gastroenterology, Pulmonology or Oncology (the four of the 18 that
 *       NUCC has as specialisations of Internal Medicine) goes under that one from any
 *       classification: Interventional Cardiology, Adult Congenital Heart Disease and Nuclear
 *       Cardiology (a Nuclear Medicine code) are Cardiology; Hepatology is Gastroenterology;
 *       Hematology & Oncology, Radiation Oncology, Therapeutic Radiology and Surgical Oncology are
 *       Oncology. Pediatrics and Obstetrics & Gynecology keep their own fields (Pediatric
 *       Cardiology, Gynecologic Oncology): a recruiter asking for a cardiologist means an adult one.
 *    b. Three specialisations belong to one field wherever NUCC lists them, and follow it: Pain
 *       Medicine is Anesthesiology (as the Pain Medicine classification is, under Anesthesiology,
 *       Physical Medicine & Rehabilitation or Psychiatry & Neurology alike); Molecular Genetic
 *       Pathology is Internal Medicine (as Pathology is; NUCC lists it under Medical Genetics too);
 *       Dermatopathology is Dermatology (NUCC lists it under Pathology too).
 *    The other specialisations NUCC lists under several classifications are shared by several
 *    boards (sports, sleep, addiction, hospice and palliative, critical care medicine...): each
 *    stays with its classification, so the same name sits under several of the 18
 *    (SHARED_SUB_SPECIALTIES, which a test holds to exactly those).
 * 3. A code the table does not hold yet is filed as its classification's general code is
 *    (CLASSIFICATION_GENERAL_CODES), never by a prefix of another classification.
 */
export type TaxonomyMapping = readonly [code: string, specialty: Specialty, subSpecialty: string | null];

export const TAXONOMY_MAP: readonly TaxonomyMapping[] = [
  ['202C00000X', 'Internal Medicine', 'Independent Medical Examiner'], // Independent Medical Examiner
  ['202K00000X', 'General Surgery', 'Phlebology'], // Phlebology
  ['204C00000X', 'Family Medicine', 'Neuromusculoskeletal Medicine, Sports Medicine'], // Neuromusculoskeletal Medicine, Sports Medicine
  ['204D00000X', 'Family Medicine', 'Neuromusculoskeletal Medicine & OMM'], // Neuromusculoskeletal Medicine & OMM
  ['204E00000X', 'General Surgery', 'Oral & Maxillofacial Surgery'], // Oral & Maxillofacial Surgery
  ['204F00000X', 'General Surgery', 'Transplant Surgery'], // Transplant Surgery
  ['204R00000X', 'Neurology', 'Electrodiagnostic Medicine'], // Electrodiagnostic Medicine
  ['207K00000X', 'Internal Medicine', 'Allergy & Immunology'], // Allergy & Immunology
  ['207KA0200X', 'Internal Medicine', 'Allergy'], // Allergy & Immunology: Allergy
  ['207KI0005X', 'Internal Medicine', 'Clinical & Laboratory Immunology'], // Allergy & Immunology: Clinical & Laboratory Immunology
  ['207L00000X', 'Anesthesiology', null], // Anesthesiology
  ['207LA0401X', 'Anesthesiology', 'Addiction Medicine'], // Anesthesiology: Addiction Medicine
  ['207LC0200X', 'Anesthesiology', 'Critical Care Medicine'], // Anesthesiology: Critical Care Medicine
  ['207LH0002X', 'Anesthesiology', 'Hospice and Palliative Medicine'], // Anesthesiology: Hospice and Palliative Medicine
  ['207LP2900X', 'Anesthesiology', 'Pain Medicine'], // Anesthesiology: Pain Medicine
  ['207LP3000X', 'Anesthesiology', 'Pediatric Anesthesiology'], // Anesthesiology: Pediatric Anesthesiology
  ['207N00000X', 'Dermatology', null], // Dermatology
  ['207ND0101X', 'Dermatology', 'MOHS-Micrographic Surgery'], // Dermatology: MOHS-Micrographic Surgery
  ['207ND0900X', 'Dermatology', 'Dermatopathology'], // Dermatology: Dermatopathology
  ['207NI0002X', 'Dermatology', 'Clinical & Laboratory Dermatological Immunology'], // Dermatology: Clinical & Laboratory Dermatological Immunology
  ['207NP0225X', 'Dermatology', 'Pediatric Dermatology'], // Dermatology: Pediatric Dermatology
  ['207NS0135X', 'Dermatology', 'Procedural Dermatology'], // Dermatology: Procedural Dermatology
  ['207P00000X', 'Emergency Medicine', null], // Emergency Medicine
  ['207PE0004X', 'Emergency Medicine', 'Emergency Medical Services'], // Emergency Medicine: Emergency Medical Services
  ['207PE0005X', 'Emergency Medicine', 'Undersea and Hyperbaric Medicine'], // Emergency Medicine: Undersea and Hyperbaric Medicine
  ['207PH0002X', 'Emergency Medicine', 'Hospice and Palliative Medicine'], // Emergency Medicine: Hospice and Palliative Medicine
  ['207PP0204X', 'Emergency Medicine', 'Pediatric Emergency Medicine'], // Emergency Medicine: Pediatric Emergency Medicine
  ['207PS0010X', 'Emergency Medicine', 'Sports Medicine'], // Emergency Medicine: Sports Medicine
  ['207PT0002X', 'Emergency Medicine', 'Medical Toxicology'], // Emergency Medicine: Medical Toxicology
  ['207Q00000X', 'Family Medicine', null], // Family Medicine
  ['207QA0000X', 'Family Medicine', 'Adolescent Medicine'], // Family Medicine: Adolescent Medicine
  ['207QA0401X', 'Family Medicine', 'Addiction Medicine'], // Family Medicine: Addiction Medicine
  ['207QA0505X', 'Family Medicine', 'Adult Medicine'], // Family Medicine: Adult Medicine
  ['207QB0002X', 'Family Medicine', 'Bariatric Medicine'], // Family Medicine: Bariatric Medicine
  ['207QG0300X', 'Family Medicine', 'Geriatric Medicine'], // Family Medicine: Geriatric Medicine
  ['207QH0002X', 'Family Medicine', 'Hospice and Palliative Medicine'], // Family Medicine: Hospice and Palliative Medicine
  ['207QS0010X', 'Family Medicine', 'Sports Medicine'], // Family Medicine: Sports Medicine
  ['207QS1201X', 'Family Medicine', 'Sleep Medicine'], // Family Medicine: Sleep Medicine
  ['207R00000X', 'Internal Medicine', null], // Internal Medicine
  ['207RA0000X', 'Internal Medicine', 'Adolescent Medicine'], // Internal Medicine: Adolescent Medicine
  ['207RA0201X', 'Internal Medicine', 'Allergy & Immunology'], // Internal Medicine: Allergy & Immunology
  ['207RA0401X', 'Internal Medicine', 'Addiction Medicine'], // Internal Medicine: Addiction Medicine
  ['207RB0002X', 'Internal Medicine', 'Bariatric Medicine'], // Internal Medicine: Bariatric Medicine
  ['207RC0000X', 'Cardiology', null], // Internal Medicine: Cardiovascular Disease
  ['207RC0001X', 'Cardiology', 'Clinical Cardiac Electrophysiology'], // Internal Medicine: Clinical Cardiac Electrophysiology
  ['207RC0200X', 'Internal Medicine', 'Critical Care Medicine'], // Internal Medicine: Critical Care Medicine
  ['207RE0101X', 'Internal Medicine', 'Endocrinology, Diabetes & Metabolism'], // Internal Medicine: Endocrinology, Diabetes & Metabolism
  ['207RG0100X', 'Gastroenterology', null], // Internal Medicine: Gastroenterology
  ['207RG0300X', 'Internal Medicine', 'Geriatric Medicine'], // Internal Medicine: Geriatric Medicine
  ['207RH0000X', 'Internal Medicine', 'Hematology'], // Internal Medicine: Hematology
  ['207RH0002X', 'Internal Medicine', 'Hospice and Palliative Medicine'], // Internal Medicine: Hospice and Palliative Medicine
  ['207RH0003X', 'Oncology', 'Hematology & Oncology'], // Internal Medicine: Hematology & Oncology
  ['207RH0005X', 'Internal Medicine', 'Hypertension Specialist'], // Internal Medicine: Hypertension Specialist
  ['207RI0001X', 'Internal Medicine', 'Clinical & Laboratory Immunology'], // Internal Medicine: Clinical & Laboratory Immunology
  ['207RI0008X', 'Gastroenterology', 'Hepatology'], // Internal Medicine: Hepatology
  ['207RI0011X', 'Cardiology', 'Interventional Cardiology'], // Internal Medicine: Interventional Cardiology
  ['207RI0200X', 'Internal Medicine', 'Infectious Disease'], // Internal Medicine: Infectious Disease
  ['207RM1200X', 'Internal Medicine', 'Magnetic Resonance Imaging (MRI)'], // Internal Medicine: Magnetic Resonance Imaging (MRI)
  ['207RN0300X', 'Internal Medicine', 'Nephrology'], // Internal Medicine: Nephrology
  ['207RP1001X', 'Pulmonology', null], // Internal Medicine: Pulmonary Disease
  ['207RR0500X', 'Internal Medicine', 'Rheumatology'], // Internal Medicine: Rheumatology
  ['207RS0010X', 'Internal Medicine', 'Sports Medicine'], // Internal Medicine: Sports Medicine
  ['207RS0012X', 'Internal Medicine', 'Sleep Medicine'], // Internal Medicine: Sleep Medicine
  ['207RT0003X', 'Gastroenterology', 'Transplant Hepatology'], // Internal Medicine: Transplant Hepatology
  ['207RX0202X', 'Oncology', null], // Internal Medicine: Medical Oncology
  ['207SC0300X', 'Pediatrics', 'Clinical Cytogenetic'], // Medical Genetics: Clinical Cytogenetic
  ['207SG0201X', 'Pediatrics', 'Clinical Genetics (M.D.)'], // Medical Genetics: Clinical Genetics (M.D.)
  ['207SG0202X', 'Pediatrics', 'Clinical Biochemical Genetics'], // Medical Genetics: Clinical Biochemical Genetics
  ['207SG0203X', 'Pediatrics', 'Clinical Molecular Genetics'], // Medical Genetics: Clinical Molecular Genetics
  ['207SG0205X', 'Pediatrics', 'Ph.D. Medical Genetics'], // Medical Genetics: Ph.D. Medical Genetics
  ['207SM0001X', 'Internal Medicine', 'Molecular Genetic Pathology'], // Medical Genetics: Molecular Genetic Pathology
  ['207T00000X', 'General Surgery', 'Neurological Surgery'], // Neurological Surgery
  ['207U00000X', 'Radiology', 'Nuclear Medicine'], // Nuclear Medicine
  ['207UN0901X', 'Cardiology', 'Nuclear Cardiology'], // Nuclear Medicine: Nuclear Cardiology
  ['207UN0902X', 'Radiology', 'Nuclear Imaging & Therapy'], // Nuclear Medicine: Nuclear Imaging & Therapy
  ['207UN0903X', 'Radiology', 'In Vivo & In Vitro Nuclear Medicine'], // Nuclear Medicine: In Vivo & In Vitro Nuclear Medicine
  ['207V00000X', 'OBGYN', null], // Obstetrics & Gynecology
  ['207VB0002X', 'OBGYN', 'Bariatric Medicine'], // Obstetrics & Gynecology: Bariatric Medicine
  ['207VC0200X', 'OBGYN', 'Critical Care Medicine'], // Obstetrics & Gynecology: Critical Care Medicine
  ['207VE0102X', 'OBGYN', 'Reproductive Endocrinology'], // Obstetrics & Gynecology: Reproductive Endocrinology
  ['207VF0040X', 'OBGYN', 'Female Pelvic Medicine and Reconstructive Surgery'], // Obstetrics & Gynecology: Female Pelvic Medicine and Reconstructive Surgery
  ['207VG0400X', 'OBGYN', 'Gynecology'], // Obstetrics & Gynecology: Gynecology
  ['207VH0002X', 'OBGYN', 'Hospice and Palliative Medicine'], // Obstetrics & Gynecology: Hospice and Palliative Medicine
  ['207VM0101X', 'OBGYN', 'Maternal & Fetal Medicine'], // Obstetrics & Gynecology: Maternal & Fetal Medicine
  ['207VX0000X', 'OBGYN', 'Obstetrics'], // Obstetrics & Gynecology: Obstetrics
  ['207VX0201X', 'OBGYN', 'Gynecologic Oncology'], // Obstetrics & Gynecology: Gynecologic Oncology
  ['207W00000X', 'General Surgery', 'Ophthalmology'], // Ophthalmology
  ['207X00000X', 'Orthopedic Surgery', null], // Orthopaedic Surgery
  ['207XP3100X', 'Orthopedic Surgery', 'Pediatric Orthopaedic Surgery'], // Orthopaedic Surgery: Pediatric Orthopaedic Surgery
  ['207XS0106X', 'Orthopedic Surgery', 'Hand Surgery'], // Orthopaedic Surgery: Hand Surgery
  ['207XS0114X', 'Orthopedic Surgery', 'Adult Reconstructive Orthopaedic Surgery'], // Orthopaedic Surgery: Adult Reconstructive Orthopaedic Surgery
  ['207XS0117X', 'Orthopedic Surgery', 'Orthopaedic Surgery of the Spine'], // Orthopaedic Surgery: Orthopaedic Surgery of the Spine
  ['207XX0004X', 'Orthopedic Surgery', 'Foot and Ankle Surgery'], // Orthopaedic Surgery: Foot and Ankle Surgery
  ['207XX0005X', 'Orthopedic Surgery', 'Sports Medicine'], // Orthopaedic Surgery: Sports Medicine
  ['207XX0801X', 'Orthopedic Surgery', 'Orthopaedic Trauma'], // Orthopaedic Surgery: Orthopaedic Trauma
  ['207Y00000X', 'General Surgery', 'Otolaryngology'], // Otolaryngology
  ['207YP0228X', 'General Surgery', 'Pediatric Otolaryngology'], // Otolaryngology: Pediatric Otolaryngology
  ['207YS0012X', 'General Surgery', 'Sleep Medicine'], // Otolaryngology: Sleep Medicine
  ['207YS0123X', 'General Surgery', 'Facial Plastic Surgery'], // Otolaryngology: Facial Plastic Surgery
  ['207YX0007X', 'General Surgery', 'Plastic Surgery within the Head & Neck'], // Otolaryngology: Plastic Surgery within the Head & Neck
  ['207YX0602X', 'General Surgery', 'Otolaryngic Allergy'], // Otolaryngology: Otolaryngic Allergy
  ['207YX0901X', 'General Surgery', 'Otology & Neurotology'], // Otolaryngology: Otology & Neurotology
  ['207YX0905X', 'General Surgery', 'Otolaryngology/Facial Plastic Surgery'], // Otolaryngology: Otolaryngology/Facial Plastic Surgery
  ['207ZB0001X', 'Internal Medicine', 'Blood Banking & Transfusion Medicine'], // Pathology: Blood Banking & Transfusion Medicine
  ['207ZC0006X', 'Internal Medicine', 'Clinical Pathology'], // Pathology: Clinical Pathology
  ['207ZC0008X', 'Internal Medicine', 'Clinical Informatics'], // Pathology: Clinical Informatics
  ['207ZC0500X', 'Internal Medicine', 'Cytopathology'], // Pathology: Cytopathology
  ['207ZD0900X', 'Dermatology', 'Dermatopathology'], // Pathology: Dermatopathology
  ['207ZF0201X', 'Internal Medicine', 'Forensic Pathology'], // Pathology: Forensic Pathology
  ['207ZH0000X', 'Internal Medicine', 'Hematology'], // Pathology: Hematology
  ['207ZI0100X', 'Internal Medicine', 'Immunopathology'], // Pathology: Immunopathology
  ['207ZM0300X', 'Internal Medicine', 'Medical Microbiology'], // Pathology: Medical Microbiology
  ['207ZN0500X', 'Internal Medicine', 'Neuropathology'], // Pathology: Neuropathology
  ['207ZP0007X', 'Internal Medicine', 'Molecular Genetic Pathology'], // Pathology: Molecular Genetic Pathology
  ['207ZP0101X', 'Internal Medicine', 'Anatomic Pathology'], // Pathology: Anatomic Pathology
  ['207ZP0102X', 'Internal Medicine', 'Anatomic Pathology & Clinical Pathology'], // Pathology: Anatomic Pathology & Clinical Pathology
  ['207ZP0104X', 'Internal Medicine', 'Chemical Pathology'], // Pathology: Chemical Pathology
  ['207ZP0105X', 'Internal Medicine', 'Clinical Pathology/Laboratory Medicine'], // Pathology: Clinical Pathology/Laboratory Medicine
  ['207ZP0213X', 'Internal Medicine', 'Pediatric Pathology'], // Pathology: Pediatric Pathology
  ['208000000X', 'Pediatrics', null], // Pediatrics
  ['2080A0000X', 'Pediatrics', 'Adolescent Medicine'], // Pediatrics: Adolescent Medicine
  ['2080C0008X', 'Pediatrics', 'Child Abuse Pediatrics'], // Pediatrics: Child Abuse Pediatrics
  ['2080H0002X', 'Pediatrics', 'Hospice and Palliative Medicine'], // Pediatrics: Hospice and Palliative Medicine
  ['2080I0007X', 'Pediatrics', 'Clinical & Laboratory Immunology'], // Pediatrics: Clinical & Laboratory Immunology
  ['2080N0001X', 'Pediatrics', 'Neonatal-Perinatal Medicine'], // Pediatrics: Neonatal-Perinatal Medicine
  ['2080P0006X', 'Pediatrics', 'Developmental – Behavioral Pediatrics'], // Pediatrics: Developmental – Behavioral Pediatrics
  ['2080P0008X', 'Pediatrics', 'Neurodevelopmental Disabilities'], // Pediatrics: Neurodevelopmental Disabilities
  ['2080P0201X', 'Pediatrics', 'Pediatric Allergy/Immunology'], // Pediatrics: Pediatric Allergy/Immunology
  ['2080P0202X', 'Pediatrics', 'Pediatric Cardiology'], // Pediatrics: Pediatric Cardiology
  ['2080P0203X', 'Pediatrics', 'Pediatric Critical Care Medicine'], // Pediatrics: Pediatric Critical Care Medicine
  ['2080P0204X', 'Pediatrics', 'Pediatric Emergency Medicine'], // Pediatrics: Pediatric Emergency Medicine
  ['2080P0205X', 'Pediatrics', 'Pediatric Endocrinology'], // Pediatrics: Pediatric Endocrinology
  ['2080P0206X', 'Pediatrics', 'Pediatric Gastroenterology'], // Pediatrics: Pediatric Gastroenterology
  ['2080P0207X', 'Pediatrics', 'Pediatric Hematology-Oncology'], // Pediatrics: Pediatric Hematology-Oncology
  ['2080P0208X', 'Pediatrics', 'Pediatric Infectious Diseases'], // Pediatrics: Pediatric Infectious Diseases
  ['2080P0210X', 'Pediatrics', 'Pediatric Nephrology'], // Pediatrics: Pediatric Nephrology
  ['2080P0214X', 'Pediatrics', 'Pediatric Pulmonology'], // Pediatrics: Pediatric Pulmonology
  ['2080P0216X', 'Pediatrics', 'Pediatric Rheumatology'], // Pediatrics: Pediatric Rheumatology
  ['2080S0010X', 'Pediatrics', 'Sports Medicine'], // Pediatrics: Sports Medicine
  ['2080S0012X', 'Pediatrics', 'Sleep Medicine'], // Pediatrics: Sleep Medicine
  ['2080T0002X', 'Pediatrics', 'Medical Toxicology'], // Pediatrics: Medical Toxicology
  ['2080T0004X', 'Pediatrics', 'Pediatric Transplant Hepatology'], // Pediatrics: Pediatric Transplant Hepatology
  ['208100000X', 'Neurology', 'Physical Medicine & Rehabilitation'], // Physical Medicine & Rehabilitation
  ['2081H0002X', 'Neurology', 'Hospice and Palliative Medicine'], // Physical Medicine & Rehabilitation: Hospice and Palliative Medicine
  ['2081N0008X', 'Neurology', 'Neuromuscular Medicine'], // Physical Medicine & Rehabilitation: Neuromuscular Medicine
  ['2081P0004X', 'Neurology', 'Spinal Cord Injury Medicine'], // Physical Medicine & Rehabilitation: Spinal Cord Injury Medicine
  ['2081P0010X', 'Neurology', 'Pediatric Rehabilitation Medicine'], // Physical Medicine & Rehabilitation: Pediatric Rehabilitation Medicine
  ['2081P2900X', 'Anesthesiology', 'Pain Medicine'], // Physical Medicine & Rehabilitation: Pain Medicine
  ['2081S0010X', 'Neurology', 'Sports Medicine'], // Physical Medicine & Rehabilitation: Sports Medicine
  ['208200000X', 'General Surgery', 'Plastic Surgery'], // Plastic Surgery
  ['2082S0099X', 'General Surgery', 'Plastic Surgery Within the Head and Neck'], // Plastic Surgery: Plastic Surgery Within the Head and Neck
  ['2082S0105X', 'General Surgery', 'Surgery of the Hand'], // Plastic Surgery: Surgery of the Hand
  ['2083A0100X', 'Family Medicine', 'Aerospace Medicine'], // Preventive Medicine: Aerospace Medicine
  ['2083C0008X', 'Family Medicine', 'Clinical Informatics'], // Preventive Medicine: Clinical Informatics
  ['2083P0011X', 'Family Medicine', 'Undersea and Hyperbaric Medicine'], // Preventive Medicine: Undersea and Hyperbaric Medicine
  ['2083P0500X', 'Family Medicine', 'Preventive Medicine/Occupational Environmental Medicine'], // Preventive Medicine: Preventive Medicine/Occupational Environmental Medicine
  ['2083P0901X', 'Family Medicine', 'Public Health & General Preventive Medicine'], // Preventive Medicine: Public Health & General Preventive Medicine
  ['2083S0010X', 'Family Medicine', 'Sports Medicine'], // Preventive Medicine: Sports Medicine
  ['2083T0002X', 'Family Medicine', 'Medical Toxicology'], // Preventive Medicine: Medical Toxicology
  ['2083X0100X', 'Family Medicine', 'Occupational Medicine'], // Preventive Medicine: Occupational Medicine
  ['2084A0401X', 'Psychiatry', 'Addiction Medicine'], // Psychiatry & Neurology: Addiction Medicine
  ['2084B0002X', 'Psychiatry', 'Bariatric Medicine'], // Psychiatry & Neurology: Bariatric Medicine
  ['2084B0040X', 'Neurology', 'Behavioral Neurology & Neuropsychiatry'], // Psychiatry & Neurology: Behavioral Neurology & Neuropsychiatry
  ['2084D0003X', 'Neurology', 'Diagnostic Neuroimaging'], // Psychiatry & Neurology: Diagnostic Neuroimaging
  ['2084F0202X', 'Psychiatry', 'Forensic Psychiatry'], // Psychiatry & Neurology: Forensic Psychiatry
  ['2084H0002X', 'Psychiatry', 'Hospice and Palliative Medicine'], // Psychiatry & Neurology: Hospice and Palliative Medicine
  ['2084N0008X', 'Neurology', 'Neuromuscular Medicine'], // Psychiatry & Neurology: Neuromuscular Medicine
  ['2084N0400X', 'Neurology', null], // Psychiatry & Neurology: Neurology
  ['2084N0402X', 'Neurology', 'Neurology with Special Qualifications in Child Neurology'], // Psychiatry & Neurology: Neurology with Special Qualifications in Child Neurology
  ['2084N0600X', 'Neurology', 'Clinical Neurophysiology'], // Psychiatry & Neurology: Clinical Neurophysiology
  ['2084P0005X', 'Neurology', 'Neurodevelopmental Disabilities'], // Psychiatry & Neurology: Neurodevelopmental Disabilities
  ['2084P0015X', 'Psychiatry', 'Psychosomatic Medicine'], // Psychiatry & Neurology: Psychosomatic Medicine
  ['2084P0800X', 'Psychiatry', null], // Psychiatry & Neurology: Psychiatry
  ['2084P0802X', 'Psychiatry', 'Addiction Psychiatry'], // Psychiatry & Neurology: Addiction Psychiatry
  ['2084P0804X', 'Psychiatry', 'Child & Adolescent Psychiatry'], // Psychiatry & Neurology: Child & Adolescent Psychiatry
  ['2084P0805X', 'Psychiatry', 'Geriatric Psychiatry'], // Psychiatry & Neurology: Geriatric Psychiatry
  ['2084P2900X', 'Anesthesiology', 'Pain Medicine'], // Psychiatry & Neurology: Pain Medicine
  ['2084S0010X', 'Neurology', 'Sports Medicine'], // Psychiatry & Neurology: Sports Medicine
  ['2084S0012X', 'Neurology', 'Sleep Medicine'], // Psychiatry & Neurology: Sleep Medicine
  ['2084V0102X', 'Neurology', 'Vascular Neurology'], // Psychiatry & Neurology: Vascular Neurology
  ['2085B0100X', 'Radiology', 'Body Imaging'], // Radiology: Body Imaging
  ['2085D0003X', 'Radiology', 'Diagnostic Neuroimaging'], // Radiology: Diagnostic Neuroimaging
  ['2085H0002X', 'Radiology', 'Hospice and Palliative Medicine'], // Radiology: Hospice and Palliative Medicine
  ['2085N0700X', 'Radiology', 'Neuroradiology'], // Radiology: Neuroradiology
  ['2085N0904X', 'Radiology', 'Nuclear Radiology'], // Radiology: Nuclear Radiology
  ['2085P0229X', 'Radiology', 'Pediatric Radiology'], // Radiology: Pediatric Radiology
  ['2085R0001X', 'Oncology', 'Radiation Oncology'], // Radiology: Radiation Oncology
  ['2085R0202X', 'Radiology', null], // Radiology: Diagnostic Radiology
  ['2085R0203X', 'Oncology', 'Therapeutic Radiology'], // Radiology: Therapeutic Radiology
  ['2085R0204X', 'Radiology', 'Vascular & Interventional Radiology'], // Radiology: Vascular & Interventional Radiology
  ['2085R0205X', 'Radiology', 'Radiological Physics'], // Radiology: Radiological Physics
  ['2085U0001X', 'Radiology', 'Diagnostic Ultrasound'], // Radiology: Diagnostic Ultrasound
  ['208600000X', 'General Surgery', null], // Surgery
  ['2086H0002X', 'General Surgery', 'Hospice and Palliative Medicine'], // Surgery: Hospice and Palliative Medicine
  ['2086S0102X', 'General Surgery', 'Surgical Critical Care'], // Surgery: Surgical Critical Care
  ['2086S0105X', 'General Surgery', 'Surgery of the Hand'], // Surgery: Surgery of the Hand
  ['2086S0120X', 'General Surgery', 'Pediatric Surgery'], // Surgery: Pediatric Surgery
  ['2086S0122X', 'General Surgery', 'Plastic and Reconstructive Surgery'], // Surgery: Plastic and Reconstructive Surgery
  ['2086S0127X', 'General Surgery', 'Trauma Surgery'], // Surgery: Trauma Surgery
  ['2086S0129X', 'General Surgery', 'Vascular Surgery'], // Surgery: Vascular Surgery
  ['2086X0206X', 'Oncology', 'Surgical Oncology'], // Surgery: Surgical Oncology
  ['208800000X', 'Urology', null], // Urology
  ['2088F0040X', 'Urology', 'Female Pelvic Medicine and Reconstructive Surgery'], // Urology: Female Pelvic Medicine and Reconstructive Surgery
  ['2088P0231X', 'Urology', 'Pediatric Urology'], // Urology: Pediatric Urology
  ['208C00000X', 'General Surgery', 'Colon & Rectal Surgery'], // Colon & Rectal Surgery
  ['208D00000X', 'Family Medicine', 'General Practice'], // General Practice
  ['208G00000X', 'General Surgery', 'Thoracic Surgery (Cardiothoracic Vascular Surgery)'], // Thoracic Surgery (Cardiothoracic Vascular Surgery)
  ['208M00000X', 'Internal Medicine', 'Hospitalist'], // Hospitalist
  ['208U00000X', 'Internal Medicine', 'Clinical Pharmacology'], // Clinical Pharmacology
  ['208VP0000X', 'Anesthesiology', 'Pain Medicine'], // Pain Medicine: Pain Medicine
  ['208VP0014X', 'Anesthesiology', 'Interventional Pain Medicine'], // Pain Medicine: Interventional Pain Medicine
  ['209800000X', 'Internal Medicine', 'Legal Medicine'], // Legal Medicine
  ['363A00000X', 'Physician Assistant', null], // Physician Assistant
  ['363AM0700X', 'Physician Assistant', 'Medical'], // Physician Assistant: Medical
  ['363AS0400X', 'Physician Assistant', 'Surgical'], // Physician Assistant: Surgical
  // Codes added after v15.0 (NUCC's names; the physician codes of CMS's Medicare specialty crosswalk among them).
  ['207RA0001X', 'Cardiology', 'Advanced Heart Failure and Transplant Cardiology'], // Internal Medicine: Advanced Heart Failure and Transplant Cardiology
  ['207RA0002X', 'Cardiology', 'Adult Congenital Heart Disease'], // Internal Medicine: Adult Congenital Heart Disease
  ['207WX0009X', 'General Surgery', 'Glaucoma Specialist'], // Ophthalmology: Glaucoma Specialist
  ['207WX0107X', 'General Surgery', 'Retina Specialist'], // Ophthalmology: Retina Specialist
  ['207WX0108X', 'General Surgery', 'Uveitis and Ocular Inflammatory Disease'], // Ophthalmology: Uveitis and Ocular Inflammatory Disease
  ['207WX0109X', 'General Surgery', 'Neuro-ophthalmology'], // Ophthalmology: Neuro-ophthalmology
  ['207WX0110X', 'General Surgery', 'Pediatric Ophthalmology and Strabismus Specialist'], // Ophthalmology: Pediatric Ophthalmology and Strabismus Specialist
  ['207WX0120X', 'General Surgery', 'Cornea and External Diseases Specialist'], // Ophthalmology: Cornea and External Diseases Specialist
  ['207WX0200X', 'General Surgery', 'Ophthalmic Plastic and Reconstructive Surgery'], // Ophthalmology: Ophthalmic Plastic and Reconstructive Surgery
  ['2081P0301X', 'Neurology', 'Brain Injury Medicine'], // Physical Medicine & Rehabilitation: Brain Injury Medicine
  ['2083A0300X', 'Family Medicine', 'Addiction Medicine'], // Preventive Medicine: Addiction Medicine
  ['2084A2900X', 'Neurology', 'Neurocritical Care'], // Psychiatry & Neurology: Neurocritical Care
  ['2084E0001X', 'Neurology', 'Epilepsy'], // Psychiatry & Neurology: Epilepsy
  ['2084P0301X', 'Neurology', 'Brain Injury Medicine'], // Psychiatry & Neurology: Brain Injury Medicine
];

/**
 * Names of specialisations that several boards share: the same sub-specialty under several of the
 * 18, one for each classification NUCC lists it under (rule 2). Every other name is under one.
 */
export const SHARED_SUB_SPECIALTIES: readonly string[] = [
  'Addiction Medicine',
  'Adolescent Medicine',
  'Bariatric Medicine',
  'Clinical & Laboratory Immunology',
  'Clinical Informatics',
  'Critical Care Medicine',
  'Diagnostic Neuroimaging',
  'Female Pelvic Medicine and Reconstructive Surgery',
  'Geriatric Medicine',
  'Hospice and Palliative Medicine',
  'Medical Toxicology',
  'Neurodevelopmental Disabilities',
  'Pediatric Emergency Medicine',
  'Sleep Medicine',
  'Sports Medicine',
  'Undersea and Hyperbaric Medicine',
];

/**
 * A code the table does not hold yet (a later NUCC version) is filed as its classification's
 * general code is, and the import names it in its summary ("add it"). A classification is the
 * code's first four characters (207W Ophthalmology, 2084 Psychiatry & Neurology, 363A Physician
 * Assistant): in the physician grouping every classification's codes share them and no two
 * classifications do (a test checks v15). The general code is the classification's own
 * (207W00000X: General Surgery / Ophthalmology, so an unknown ophthalmology code is still found as
 * an ophthalmologist), or for the six classifications that have none, the one named here.
 *
 * Psychiatry & Neurology's fifth character is not a branch: it is the initial of the
 * specialisation's name (2084P0800X Psychiatry but 2084P0005X Neurodevelopmental Disabilities and
 * 2084P2900X Pain Medicine; 2084A0401X Addiction Medicine but 2084A2900X Neurocritical Care), so an
 * unknown code of it cannot be told apart by its characters. It goes under Neurology: every code
 * NUCC has added to the classification since v15 (Brain Injury Medicine, Neurocritical Care,
 * Epilepsy) is neurology's.
 */
export const CLASSIFICATION_GENERAL_CODES: Readonly<Record<string, string>> = {
  '207S': '207SG0201X', // Medical Genetics: Clinical Genetics (M.D.)
  '207Z': '207ZP0102X', // Pathology: Anatomic Pathology & Clinical Pathology
  '2083': '2083P0901X', // Preventive Medicine: Public Health & General Preventive Medicine
  '2084': '2084N0400X', // Psychiatry & Neurology: Neurology
  '2085': '2085R0202X', // Radiology: Diagnostic Radiology
  '208V': '208VP0000X', // Pain Medicine: Pain Medicine
};
