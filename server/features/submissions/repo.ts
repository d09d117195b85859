import type { Db } from '../../db/client';
import { candidateSubmissions } from '../../db/schema';
import type { EducationEntry } from '../../../contract/directory-options';

export type NewSubmission = {
  firstName: string;
  middleName: string | null;
  lastName: string;
  title: string;
  organization: string;
  specialty: string;
  email: string;
  phone: string;
  location: string;
  linkedinUrl: string | null;
  education: EducationEntry[];
  skills: string[];
};

/** Deletes the pending submissions of an address (a newer one replaces them, or a removal withdraws them). */
export async function deletePendingByEmail(db: Db, email: string): Promise<number> {
  const { rowCount } = await db.sql.query(
    "DELETE FROM candidate_submissions WHERE status = 'pending' AND lower(email) = lower($1)",
    [email],
  );
  return rowCount;
}

export async function insertSubmission(db: Db, submission: NewSubmission): Promise<{ id: string }> {
  const [row] = await db.orm
    .insert(candidateSubmissions)
    .values(submission)
    .returning({ id: candidateSubmissions.id });
  return row;
}
