import type { Specialty } from './directory-options';

/*
 * The words recruiters use for specialties, and what each one means in the directory's one
 * specialty language (docs/decisions/029-import-resync-and-specialty-language.md): physicians of
 * these specialties (whatever their sub-specialty), or with one of these sub-specialties (NUCC's
 * names, as in contract/taxonomy-map.ts, under any specialty). People review this table; every
 * term has a test (recruiter-vocabulary.test.ts) and no term may mean two things.
 *
 * Terms compare on their letters and digits, accents and case ignored, 'and' dropped:
 * 'OB/GYN', 'ob-gyn', 'ob gyn' and 'obgyn' are one term, as are 'PM&R' and 'pmr'. A plural
 * ('urologists') is its singular. The search box takes a term only as whole words of the query
 * (docs/decisions/020-search-relevance.md); list matching takes a whole specialty cell.
 *
 * Left out on purpose: words that are also common first names or ordinary words of titles and
 * organisation names ('Ed', 'surgeon', 'medicine', 'pediatric', 'cancer', 'imaging'); the
 * physician assistant sub-specialties' bare names ('Medical', 'Surgical').
 */

export type SpecialtyTarget = {
  /** Physicians whose specialty is one of these (any sub-specialty). */
  specialties: readonly Specialty[];
  /** ...or whose sub-specialty is one of these. */
  subSpecialties: readonly string[];
};

export type VocabularyEntry = SpecialtyTarget & { terms: readonly string[] };

const entry = (
  specialties: readonly Specialty[],
  subSpecialties: readonly string[],
  terms: readonly string[],
): VocabularyEntry => ({ specialties, subSpecialties, terms });

const PATHOLOGY = [
  'Anatomic Pathology',
  'Anatomic Pathology & Clinical Pathology',
  'Blood Banking & Transfusion Medicine',
  'Chemical Pathology',
  'Clinical Pathology',
  'Clinical Pathology/Laboratory Medicine',
  'Cytopathology',
  'Dermatopathology',
  'Forensic Pathology',
  'Immunopathology',
  'Medical Microbiology',
  'Molecular Genetic Pathology',
  'Neuropathology',
  'Pediatric Pathology',
];
const GENETICS = [
  'Clinical Biochemical Genetics',
  'Clinical Cytogenetic',
  'Clinical Genetics (M.D.)',
  'Clinical Molecular Genetics',
  'Molecular Genetic Pathology',
  'Ph.D. Medical Genetics',
];
const OTOLARYNGOLOGY = [
  'Otolaryngology',
  'Pediatric Otolaryngology',
  'Otolaryngic Allergy',
  'Otology & Neurotology',
  'Facial Plastic Surgery',
  'Otolaryngology/Facial Plastic Surgery',
  'Plastic Surgery within the Head & Neck',
];
const OPHTHALMOLOGY = [
  'Ophthalmology',
  'Glaucoma Specialist',
  'Retina Specialist',
  'Uveitis and Ocular Inflammatory Disease',
  'Neuro-ophthalmology',
  'Pediatric Ophthalmology and Strabismus Specialist',
  'Cornea and External Diseases Specialist',
  'Ophthalmic Plastic and Reconstructive Surgery',
];
const NUCLEAR = [
  'Nuclear Medicine',
  'Nuclear Imaging & Therapy',
  'In Vivo & In Vitro Nuclear Medicine',
  'Nuclear Radiology',
  'Nuclear Cardiology',
];

// One entry a line or two, as reviewers read it (prettier would put every term on its own line).
// prettier-ignore
export const RECRUITER_VOCABULARY: readonly VocabularyEntry[] = [
  // The 18 specialties.
  entry(['Family Medicine'], [], [
    'family medicine', 'family practice', 'family physician', 'family doctor', 'family med', 'FM', 'FP',
    'general practice', 'general practitioner', 'GP',
  ]),
  entry(['Internal Medicine'], [], ['internal medicine', 'internist', 'IM', 'general internal medicine', 'GIM']),
  entry(['Family Medicine', 'Internal Medicine'], [], ['primary care', 'primary care physician', 'PCP']),
  entry(['Pediatrics'], [], [
    'pediatrics', 'pediatrician', 'peds', 'paediatrics', 'paediatrician', 'paeds', 'pediatric medicine',
    'general pediatrics',
  ]),
  entry(['Cardiology'], ['Pediatric Cardiology', 'Nuclear Cardiology'], [
    'cardiology', 'cardiologist', 'cards', 'cardio', 'cardiovascular disease', 'cardiovascular medicine',
  ]),
  entry(['OBGYN'], [], [
    'OBGYN', 'OB/GYN', 'OB', 'obstetrics and gynecology', 'obstetrics & gynaecology', 'obstetrician',
    'obstetrician gynecologist', 'obstetrics', 'gynecologist', 'gynecology', 'gynaecologist', 'gynaecology',
    'gyn', 'gyne',
  ]),
  entry(['Orthopedic Surgery'], [], [
    'orthopedic surgery', 'orthopaedic surgery', 'orthopedics', 'orthopaedics', 'orthopedic surgeon',
    'orthopaedic surgeon', 'orthopedist', 'orthopaedist', 'orthopedic', 'orthopaedic', 'ortho', 'ortho surgeon',
  ]),
  entry(['Neurology'], [], ['neurology', 'neurologist', 'neuro']),
  entry(['Dermatology'], [], ['dermatology', 'dermatologist', 'derm']),
  entry(['Physician Assistant'], [], ['physician assistant', 'physician associate', 'PA', 'PA-C']),
  entry(['Emergency Medicine'], ['Pediatric Emergency Medicine'], [
    'emergency medicine', 'emergency physician', 'emergency room', 'emergency department', 'EM', 'ER',
  ]),
  entry(['Psychiatry'], [], ['psychiatry', 'psychiatrist', 'psych']),
  entry(['Anesthesiology'], [], [
    'anesthesiology', 'anesthesiologist', 'anesthesia', 'anaesthesiology', 'anaesthesiologist', 'anaesthesia',
    'anaesthetist',
  ]),
  entry(['Radiology'], [], ['radiology', 'radiologist', 'rads', 'diagnostic radiology', 'diagnostic radiologist']),
  entry(['General Surgery'], [], ['general surgery', 'general surgeon', 'gen surg']),
  entry(['Oncology'], ['Gynecologic Oncology', 'Pediatric Hematology-Oncology'], [
    'oncology', 'oncologist', 'onc', 'medical oncology', 'medical oncologist',
  ]),
  entry(['Gastroenterology'], ['Pediatric Gastroenterology'], [
    'gastroenterology', 'gastroenterologist', 'GI', 'gastro',
  ]),
  entry(['Pulmonology'], ['Pediatric Pulmonology'], [
    'pulmonology', 'pulmonologist', 'pulmonary', 'pulm', 'pulmonary disease', 'pulmonary medicine',
    'pulmonary critical care', 'pulm/cc', 'PCCM',
  ]),
  entry(['Urology'], [], ['urology', 'urologist', 'uro']),

  // Sub-specialties, by the specialty they sit under.
  // Family Medicine
  entry([], ['Adult Medicine'], ['adult medicine']),
  entry([], ['Aerospace Medicine'], ['aerospace medicine', 'flight surgeon']),
  entry([], ['Bariatric Medicine'], ['bariatric medicine', 'bariatrics', 'obesity medicine']),
  entry([], ['Clinical Informatics'], ['clinical informatics', 'informatics']),
  entry([], ['Geriatric Medicine'], ['geriatric medicine', 'geriatrics', 'geriatrician']),
  entry([], ['Neuromusculoskeletal Medicine & OMM', 'Neuromusculoskeletal Medicine, Sports Medicine'], [
    'neuromusculoskeletal medicine', 'neuromusculoskeletal medicine & OMM', 'OMM',
    'osteopathic manipulative medicine', 'neuromusculoskeletal medicine, sports medicine',
  ]),
  entry([], ['Occupational Medicine', 'Preventive Medicine/Occupational Environmental Medicine'], [
    'occupational medicine', 'occ med', 'occupational health', 'occupational and environmental medicine',
    'preventive medicine/occupational environmental medicine',
  ]),
  entry([], ['Public Health & General Preventive Medicine'], [
    'public health & general preventive medicine', 'preventive medicine', 'public health',
  ]),
  entry([], ['Sports Medicine', 'Neuromusculoskeletal Medicine, Sports Medicine'], [
    'sports medicine', 'sports med', 'sports medicine physician',
  ]),
  entry([], ['Undersea and Hyperbaric Medicine'], ['undersea and hyperbaric medicine', 'hyperbaric medicine']),
  entry([], ['Addiction Medicine', 'Addiction Psychiatry'], ['addiction', 'addiction specialist']),
  entry([], ['Addiction Medicine'], ['addiction medicine']),
  entry([], ['Adolescent Medicine'], ['adolescent medicine']),
  entry([], ['Medical Toxicology'], ['medical toxicology', 'toxicology', 'toxicologist']),
  entry([], ['Sleep Medicine'], ['sleep medicine', 'sleep specialist', 'sleep physician']),
  entry([], ['Hospice and Palliative Medicine'], [
    'hospice and palliative medicine', 'palliative care', 'palliative medicine', 'palliative', 'hospice', 'HPM',
  ]),
  // Internal Medicine
  entry([], ['Allergy & Immunology', 'Allergy', 'Clinical & Laboratory Immunology', 'Pediatric Allergy/Immunology'], [
    'allergy & immunology', 'allergist', 'allergist immunologist', 'immunology', 'immunologist',
  ]),
  entry([], ['Allergy', 'Allergy & Immunology', 'Pediatric Allergy/Immunology'], ['allergy']),
  entry([], ['Clinical & Laboratory Immunology'], ['clinical & laboratory immunology']),
  entry([], ['Critical Care Medicine', 'Pediatric Critical Care Medicine', 'Surgical Critical Care'], [
    'critical care', 'intensivist', 'ICU', 'intensive care', 'CCM',
  ]),
  entry([], ['Critical Care Medicine'], ['critical care medicine']),
  entry([], ['Endocrinology, Diabetes & Metabolism', 'Pediatric Endocrinology'], [
    'endocrinology', 'endocrinologist', 'endo', 'endocrine', 'diabetologist', 'diabetes specialist',
  ]),
  entry([], ['Endocrinology, Diabetes & Metabolism'], ['endocrinology, diabetes & metabolism']),
  entry([], ['Hematology', 'Hematology & Oncology', 'Pediatric Hematology-Oncology'], [
    'hematology', 'hematologist', 'heme',
  ]),
  entry([], ['Hospitalist'], [
    'hospitalist', 'hospital medicine', 'hospital medicine physician', 'nocturnist', 'inpatient medicine',
  ]),
  entry([], ['Hypertension Specialist'], ['hypertension specialist', 'hypertension']),
  entry([], ['Independent Medical Examiner'], ['independent medical examiner', 'IME']),
  entry([], ['Infectious Disease', 'Pediatric Infectious Diseases'], [
    'infectious disease', 'infectious diseases', 'ID', 'infectious disease physician',
  ]),
  entry([], ['Legal Medicine'], ['legal medicine']),
  entry([], ['Magnetic Resonance Imaging (MRI)'], ['magnetic resonance imaging (MRI)', 'MRI']),
  entry([], ['Nephrology', 'Pediatric Nephrology'], [
    'nephrology', 'nephrologist', 'nephro', 'neph', 'renal', 'kidney specialist',
  ]),
  entry([], ['Rheumatology', 'Pediatric Rheumatology'], ['rheumatology', 'rheumatologist', 'rheum']),
  entry([], ['Clinical Pharmacology'], ['clinical pharmacology', 'clinical pharmacologist', 'pharmacology']),
  entry([], PATHOLOGY, ['pathology', 'pathologist']),
  entry([], ['Anatomic Pathology', 'Anatomic Pathology & Clinical Pathology'], ['anatomic pathology']),
  entry([], ['Anatomic Pathology & Clinical Pathology'], ['anatomic pathology & clinical pathology', 'AP/CP']),
  entry([], ['Clinical Pathology', 'Clinical Pathology/Laboratory Medicine', 'Anatomic Pathology & Clinical Pathology'], [
    'clinical pathology',
  ]),
  entry([], ['Clinical Pathology/Laboratory Medicine'], ['clinical pathology/laboratory medicine', 'laboratory medicine']),
  entry([], ['Blood Banking & Transfusion Medicine'], [
    'blood banking & transfusion medicine', 'transfusion medicine', 'blood banking',
  ]),
  entry([], ['Chemical Pathology'], ['chemical pathology']),
  entry([], ['Cytopathology'], ['cytopathology', 'cytopathologist']),
  entry([], ['Forensic Pathology'], ['forensic pathology', 'forensic pathologist']),
  entry([], ['Immunopathology'], ['immunopathology']),
  entry([], ['Medical Microbiology'], ['medical microbiology', 'microbiologist']),
  entry([], ['Neuropathology'], ['neuropathology', 'neuropathologist']),
  entry([], ['Pediatric Pathology'], ['pediatric pathology', 'pediatric pathologist']),
  entry([], ['Molecular Genetic Pathology'], ['molecular genetic pathology']),
  // Cardiology
  entry([], ['Advanced Heart Failure and Transplant Cardiology'], [
    'advanced heart failure and transplant cardiology', 'heart failure', 'advanced heart failure',
    'transplant cardiology', 'heart failure cardiologist',
  ]),
  entry([], ['Clinical Cardiac Electrophysiology'], [
    'clinical cardiac electrophysiology', 'cardiac electrophysiology', 'electrophysiology', 'electrophysiologist',
    'EP', 'CCEP',
  ]),
  entry([], ['Interventional Cardiology'], ['interventional cardiology', 'interventional cardiologist']),
  entry([], ['Adult Congenital Heart Disease'], ['adult congenital heart disease', 'ACHD']),
  // Pediatrics
  entry([], ['Child Abuse Pediatrics'], ['child abuse pediatrics']),
  entry([], ['Developmental – Behavioral Pediatrics'], [
    'developmental – behavioral pediatrics', 'developmental behavioral pediatrics', 'developmental pediatrics',
  ]),
  entry([], GENETICS, ['genetics', 'geneticist', 'medical genetics', 'clinical geneticist']),
  entry([], ['Clinical Biochemical Genetics'], ['clinical biochemical genetics', 'biochemical genetics']),
  entry([], ['Clinical Cytogenetic'], ['clinical cytogenetic', 'cytogenetics']),
  entry([], ['Clinical Genetics (M.D.)'], ['clinical genetics (M.D.)', 'clinical genetics']),
  entry([], ['Clinical Molecular Genetics'], ['clinical molecular genetics', 'molecular genetics']),
  entry([], ['Ph.D. Medical Genetics'], ['Ph.D. medical genetics']),
  entry([], ['Neonatal-Perinatal Medicine'], [
    'neonatal-perinatal medicine', 'neonatology', 'neonatologist', 'NICU', 'neonatal',
  ]),
  entry([], ['Neurodevelopmental Disabilities'], ['neurodevelopmental disabilities']),
  entry([], ['Pediatric Allergy/Immunology'], ['pediatric allergy/immunology', 'pediatric allergy', 'pediatric allergist']),
  entry([], ['Pediatric Cardiology'], ['pediatric cardiology', 'pediatric cardiologist', 'peds cardiology', 'peds cards']),
  entry([], ['Pediatric Critical Care Medicine'], [
    'pediatric critical care medicine', 'pediatric critical care', 'pediatric intensivist', 'PICU',
  ]),
  entry([], ['Pediatric Emergency Medicine'], [
    'pediatric emergency medicine', 'pediatric emergency physician', 'peds EM', 'peds ER', 'PEM',
  ]),
  entry([], ['Pediatric Endocrinology'], ['pediatric endocrinology', 'pediatric endocrinologist', 'peds endo']),
  entry([], ['Pediatric Gastroenterology'], ['pediatric gastroenterology', 'pediatric gastroenterologist', 'pediatric GI', 'peds GI']),
  entry([], ['Pediatric Hematology-Oncology'], [
    'pediatric hematology-oncology', 'pediatric oncology', 'pediatric oncologist', 'pediatric heme/onc', 'peds heme/onc',
  ]),
  entry([], ['Pediatric Infectious Diseases'], ['pediatric infectious diseases', 'pediatric infectious disease', 'peds ID']),
  entry([], ['Pediatric Nephrology'], ['pediatric nephrology', 'pediatric nephrologist']),
  entry([], ['Pediatric Pulmonology'], ['pediatric pulmonology', 'pediatric pulmonologist', 'peds pulm']),
  entry([], ['Pediatric Rheumatology'], ['pediatric rheumatology', 'pediatric rheumatologist']),
  entry([], ['Pediatric Transplant Hepatology'], ['pediatric transplant hepatology']),
  // OBGYN
  entry([], ['Female Pelvic Medicine and Reconstructive Surgery'], [
    'female pelvic medicine and reconstructive surgery', 'urogynecology', 'urogynecologist', 'urogyn', 'FPMRS',
  ]),
  entry([], ['Gynecologic Oncology'], [
    'gynecologic oncology', 'gynecological oncology', 'gynecologic oncologist', 'gyn onc', 'gyn oncologist',
  ]),
  entry([], ['Maternal & Fetal Medicine'], [
    'maternal & fetal medicine', 'maternal fetal medicine', 'MFM', 'perinatology', 'perinatologist',
  ]),
  entry([], ['Reproductive Endocrinology'], [
    'reproductive endocrinology', 'reproductive endocrinologist', 'REI', 'fertility', 'infertility',
    'fertility specialist',
  ]),
  // Orthopedic Surgery
  entry([], ['Adult Reconstructive Orthopaedic Surgery'], [
    'adult reconstructive orthopaedic surgery', 'adult reconstruction', 'joint replacement', 'arthroplasty',
  ]),
  entry([], ['Foot and Ankle Surgery'], ['foot and ankle surgery', 'foot and ankle', 'foot and ankle surgeon']),
  entry([], ['Hand Surgery', 'Surgery of the Hand'], ['hand surgery', 'hand surgeon', 'surgery of the hand']),
  entry([], ['Orthopaedic Surgery of the Spine'], [
    'orthopaedic surgery of the spine', 'spine surgery', 'spine surgeon', 'orthopedic spine',
  ]),
  entry([], ['Orthopaedic Trauma'], ['orthopaedic trauma', 'orthopedic trauma', 'ortho trauma']),
  entry([], ['Pediatric Orthopaedic Surgery'], [
    'pediatric orthopaedic surgery', 'pediatric orthopedic surgery', 'pediatric orthopedics',
    'pediatric orthopedic surgeon', 'peds ortho',
  ]),
  // Neurology
  entry([], ['Behavioral Neurology & Neuropsychiatry'], [
    'behavioral neurology & neuropsychiatry', 'behavioral neurology', 'neuropsychiatry', 'neuropsychiatrist',
  ]),
  entry([], ['Brain Injury Medicine'], ['brain injury medicine', 'brain injury']),
  entry([], ['Epilepsy'], ['epilepsy', 'epileptologist']),
  entry([], ['Neurocritical Care'], ['neurocritical care', 'neurointensivist', 'neuro ICU']),
  entry([], ['Clinical Neurophysiology'], ['clinical neurophysiology', 'neurophysiology', 'neurophysiologist']),
  entry([], ['Diagnostic Neuroimaging'], ['diagnostic neuroimaging', 'neuroimaging']),
  entry([], ['Electrodiagnostic Medicine'], ['electrodiagnostic medicine', 'electrodiagnostic', 'EMG']),
  entry([], ['Neurology with Special Qualifications in Child Neurology'], [
    'neurology with special qualifications in child neurology', 'child neurology', 'child neurologist',
    'pediatric neurology', 'pediatric neurologist',
  ]),
  entry([], ['Neuromuscular Medicine'], ['neuromuscular medicine', 'neuromuscular']),
  entry([], ['Pain Medicine', 'Interventional Pain Medicine'], [
    'pain medicine', 'pain management', 'pain specialist', 'pain physician',
  ]),
  entry([], ['Interventional Pain Medicine'], ['interventional pain medicine', 'interventional pain', 'interventional pain management']),
  entry([], ['Pediatric Rehabilitation Medicine'], ['pediatric rehabilitation medicine', 'pediatric rehabilitation']),
  entry([], ['Physical Medicine & Rehabilitation', 'Pediatric Rehabilitation Medicine'], [
    'physical medicine & rehabilitation', 'PM&R', 'physiatry', 'physiatrist', 'rehabilitation medicine',
    'rehab medicine',
  ]),
  entry([], ['Spinal Cord Injury Medicine'], ['spinal cord injury medicine', 'spinal cord injury']),
  entry([], ['Vascular Neurology'], ['vascular neurology', 'vascular neurologist', 'stroke neurologist', 'stroke']),
  // Dermatology
  entry([], ['Clinical & Laboratory Dermatological Immunology'], ['clinical & laboratory dermatological immunology']),
  entry([], ['Dermatopathology'], ['dermatopathology', 'dermatopathologist', 'dermpath']),
  entry([], ['MOHS-Micrographic Surgery'], [
    'MOHS-micrographic surgery', 'Mohs', 'Mohs surgery', 'Mohs surgeon', 'micrographic surgery',
    'micrographic dermatologic surgery',
  ]),
  entry([], ['Pediatric Dermatology'], ['pediatric dermatology', 'pediatric dermatologist']),
  entry([], ['Procedural Dermatology'], ['procedural dermatology']),
  // Physician Assistant
  entry([], ['Medical'], ['medical physician assistant', 'medical PA']),
  entry([], ['Surgical'], ['surgical physician assistant', 'surgical PA']),
  // Emergency Medicine
  entry([], ['Emergency Medical Services'], ['emergency medical services', 'EMS', 'EMS physician', 'prehospital medicine']),
  // Psychiatry
  entry([], ['Addiction Psychiatry'], ['addiction psychiatry', 'addiction psychiatrist']),
  entry([], ['Child & Adolescent Psychiatry'], [
    'child & adolescent psychiatry', 'child psychiatry', 'child psychiatrist', 'child and adolescent psychiatrist',
    'adolescent psychiatry', 'pediatric psychiatry', 'pediatric psychiatrist',
  ]),
  entry([], ['Forensic Psychiatry'], ['forensic psychiatry', 'forensic psychiatrist']),
  entry([], ['Geriatric Psychiatry'], [
    'geriatric psychiatry', 'geriatric psychiatrist', 'geropsychiatry', 'geropsychiatrist',
  ]),
  entry([], ['Psychosomatic Medicine'], ['psychosomatic medicine', 'consultation-liaison psychiatry']),
  // Anesthesiology
  entry([], ['Pediatric Anesthesiology'], [
    'pediatric anesthesiology', 'pediatric anesthesiologist', 'pediatric anesthesia', 'peds anesthesia',
  ]),
  // Radiology
  entry([], ['Body Imaging'], ['body imaging']),
  entry([], ['Diagnostic Ultrasound'], ['diagnostic ultrasound', 'ultrasound']),
  entry([], NUCLEAR, ['nuclear medicine', 'nuc med', 'nuclear medicine physician']),
  entry([], ['Nuclear Cardiology'], ['nuclear cardiology', 'nuclear cardiologist']),
  entry([], ['Nuclear Imaging & Therapy'], ['nuclear imaging & therapy']),
  entry([], ['In Vivo & In Vitro Nuclear Medicine'], ['in vivo & in vitro nuclear medicine']),
  entry([], ['Nuclear Radiology'], ['nuclear radiology']),
  entry([], ['Neuroradiology'], ['neuroradiology', 'neuroradiologist', 'neuro rad']),
  entry([], ['Pediatric Radiology'], ['pediatric radiology', 'pediatric radiologist', 'peds rads']),
  entry([], ['Radiological Physics'], ['radiological physics']),
  entry([], ['Vascular & Interventional Radiology'], [
    'vascular & interventional radiology', 'interventional radiology', 'interventional radiologist', 'IR', 'VIR',
  ]),
  // General Surgery (and the surgical classifications filed under it)
  entry([], ['Colon & Rectal Surgery'], [
    'colon & rectal surgery', 'colorectal surgery', 'colorectal surgeon', 'colon and rectal surgeon', 'proctology',
    'proctologist',
  ]),
  entry([], ['Neurological Surgery'], [
    'neurological surgery', 'neurosurgery', 'neurosurgeon', 'neurological surgeon', 'neurosurg', 'neuro surgeon',
    'neuro surgery', 'neurosurgical',
  ]),
  // Every ophthalmologist, whatever the code's specialisation (most retina specialists file the plain 207W00000X).
  entry([], OPHTHALMOLOGY, [
    'ophthalmology', 'ophthalmologist', 'ophtho', 'ophth', 'eye surgeon', 'ophthalmic surgeon', 'retina specialist',
    'retina surgeon', 'retinal surgeon', 'glaucoma specialist', 'cornea specialist', 'oculoplastic surgeon',
  ]),
  entry([], ['Uveitis and Ocular Inflammatory Disease'], ['uveitis and ocular inflammatory disease', 'uveitis specialist']),
  entry([], ['Neuro-ophthalmology'], ['neuro-ophthalmology', 'neuro-ophthalmologist']),
  entry([], ['Pediatric Ophthalmology and Strabismus Specialist'], [
    'pediatric ophthalmology and strabismus specialist', 'pediatric ophthalmology', 'pediatric ophthalmologist',
  ]),
  entry([], ['Cornea and External Diseases Specialist'], ['cornea and external diseases specialist']),
  entry([], ['Ophthalmic Plastic and Reconstructive Surgery'], ['ophthalmic plastic and reconstructive surgery']),
  entry([], ['Oral & Maxillofacial Surgery'], [
    'oral & maxillofacial surgery', 'maxillofacial surgery', 'oral and maxillofacial surgeon', 'OMFS',
  ]),
  entry([], OTOLARYNGOLOGY, [
    'ENT', 'otolaryngology', 'otolaryngologist', 'ear nose and throat', 'ear nose throat', 'otorhinolaryngology',
    'head and neck surgery', 'head and neck surgeon', 'ENT surgeon', 'ENT physician', 'ENT doctor', 'ENT specialist',
    'otolaryngology head and neck surgery', 'otolaryngology-head & neck surgery',
  ]),
  entry([], ['Otolaryngic Allergy'], ['otolaryngic allergy']),
  entry([], ['Otology & Neurotology'], ['otology & neurotology', 'otology', 'neurotology', 'neurotologist', 'otologist']),
  entry([], ['Pediatric Otolaryngology'], ['pediatric otolaryngology', 'pediatric ENT', 'peds ENT']),
  entry([], ['Facial Plastic Surgery', 'Otolaryngology/Facial Plastic Surgery'], [
    'facial plastic surgery', 'facial plastics', 'facial plastic surgeon',
  ]),
  entry([], ['Otolaryngology/Facial Plastic Surgery'], ['otolaryngology/facial plastic surgery']),
  entry([], ['Phlebology'], ['phlebology', 'phlebologist', 'vein specialist']),
  entry(
    [],
    [
      'Plastic Surgery',
      'Plastic and Reconstructive Surgery',
      'Plastic Surgery Within the Head and Neck',
      'Plastic Surgery within the Head & Neck',
      'Facial Plastic Surgery',
      'Otolaryngology/Facial Plastic Surgery',
    ],
    ['plastic surgery', 'plastic surgeon', 'plastics'],
  ),
  entry([], ['Plastic and Reconstructive Surgery'], ['plastic and reconstructive surgery', 'reconstructive surgery']),
  entry([], ['Plastic Surgery Within the Head and Neck', 'Plastic Surgery within the Head & Neck'], [
    'plastic surgery within the head and neck',
  ]),
  entry([], ['Pediatric Surgery'], ['pediatric surgery', 'pediatric surgeon', 'peds surgery']),
  entry([], ['Surgical Critical Care'], ['surgical critical care', 'surgical intensivist', 'SICU']),
  entry([], ['Thoracic Surgery (Cardiothoracic Vascular Surgery)'], [
    'thoracic surgery (cardiothoracic vascular surgery)', 'thoracic surgery', 'thoracic surgeon',
    'cardiothoracic surgery', 'cardiothoracic surgeon', 'CT surgery', 'CT surgeon', 'cardiac surgery',
    'cardiac surgeon', 'heart surgeon',
  ]),
  entry([], ['Transplant Surgery'], ['transplant surgery', 'transplant surgeon']),
  entry([], ['Trauma Surgery'], ['trauma surgery', 'trauma surgeon', 'acute care surgery', 'acute care surgeon']),
  entry([], ['Trauma Surgery', 'Orthopaedic Trauma'], ['trauma']),
  entry([], ['Vascular Surgery'], ['vascular surgery', 'vascular surgeon']),
  // Oncology
  entry([], ['Hematology & Oncology', 'Pediatric Hematology-Oncology'], [
    'hematology & oncology', 'hematology/oncology', 'hematology-oncology', 'heme/onc', 'hem/onc',
    'hematologist oncologist', 'hematologist/oncologist',
  ]),
  entry([], ['Radiation Oncology', 'Therapeutic Radiology'], [
    'radiation oncology', 'radiation oncologist', 'rad onc', 'radiotherapy',
  ]),
  entry([], ['Therapeutic Radiology'], ['therapeutic radiology']),
  entry([], ['Surgical Oncology'], ['surgical oncology', 'surgical oncologist', 'surg onc']),
  // Gastroenterology
  entry([], ['Hepatology', 'Transplant Hepatology', 'Pediatric Transplant Hepatology'], [
    'hepatology', 'hepatologist',
  ]),
  entry([], ['Transplant Hepatology', 'Pediatric Transplant Hepatology'], ['transplant hepatology']),
  // Urology
  entry([], ['Pediatric Urology'], ['pediatric urology', 'pediatric urologist', 'peds uro']),
];

/**
 * A term's key: accents and case folded, 'and' dropped, only letters and digits kept
 * ('OB/GYN', 'ob-gyn', 'ob gyn' are 'obgyn'; 'Allergy & Immunology' is 'allergyimmunology').
 */
export function vocabularyKey(text: string): string {
  return vocabularyWords(text).join('');
}

/** The words of a term or cell (folded, split at anything but letters and digits, 'and' dropped). */
export function vocabularyWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && word !== 'and');
}

const BY_KEY = new Map<string, SpecialtyTarget>();
for (const e of RECRUITER_VOCABULARY) {
  const target: SpecialtyTarget = { specialties: e.specialties, subSpecialties: e.subSpecialties };
  for (const term of e.terms) BY_KEY.set(vocabularyKey(term), target);
}

/** The most words any term has (the longest phrase the query reader must try). */
export const LONGEST_TERM_WORDS = Math.max(
  ...RECRUITER_VOCABULARY.flatMap((e) => e.terms.map((t) => vocabularyWords(t).length)),
);

/**
 * What a recruiter's words mean as a specialty, or null when they name none. Whole words only:
 * 'urologist' is Urology (never Neurology); a plural is its singular ('urologists').
 */
export function resolveSpecialtyTerm(text: string): SpecialtyTarget | null {
  return lookUpTerm(BY_KEY, text);
}

/**
 * A vocabulary table's entry for a recruiter's words (by vocabularyKey, whole words only), or
 * null; a plural ('urologists') is looked up as its singular. The specialty words and the words
 * of no field we hold (unheld-words.ts) read alike.
 */
export function lookUpTerm<T>(byKey: ReadonlyMap<string, T>, text: string): T | null {
  const key = vocabularyKey(text);
  if (!key) return null;
  const found = byKey.get(key);
  if (found) return found;
  if (key.length >= 3 && key.endsWith('s')) return byKey.get(key.slice(0, -1)) ?? null;
  return null;
}

/**
 * The specialty phrases among a query's tokens (white-space separated pieces, in order), longest
 * first from the left: 'peds cardiology boston' holds 'peds cardiology' (Pediatric Cardiology)
 * at tokens 0-1. A phrase covers whole tokens only.
 */
export function findSpecialtyPhrases(
  tokens: readonly string[],
): { start: number; end: number; target: SpecialtyTarget }[] {
  const found: { start: number; end: number; target: SpecialtyTarget }[] = [];
  let i = 0;
  while (i < tokens.length) {
    let match: { end: number; target: SpecialtyTarget } | null = null;
    let words = 0;
    for (let end = i + 1; end <= tokens.length; end++) {
      words += vocabularyWords(tokens[end - 1]).length;
      if (words > LONGEST_TERM_WORDS) break;
      const target = resolveSpecialtyTerm(tokens.slice(i, end).join(' '));
      if (target) match = { end, target };
    }
    if (match) {
      found.push({ start: i, end: match.end, target: match.target });
      i = match.end;
    } else i += 1;
  }
  return found;
}
