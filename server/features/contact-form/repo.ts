import type { Db } from '../../db/client';
import type { ContactMessage } from '../../../contract/contact-form';

export async function insertContactMessage(
  db: Db,
  input: { name: string; email: string; subject: string; message: string },
): Promise<string> {
  const { rows } = await db.sql.query<{ id: string }>(
    'INSERT INTO contact_messages (name, email, subject, message) VALUES ($1, $2, $3, $4) RETURNING id',
    [input.name, input.email, input.subject, input.message],
  );
  return rows[0].id;
}

/** One page, newest first, with the total. */
export async function listContactMessages(db: Db, input: { limit: number; offset: number }): Promise<{ messages: ContactMessage[]; total: number }> {
  const [page, count] = await Promise.all([
    db.sql.query<{ id: string; name: string; email: string; subject: string; message: string; created_at: Date }>(
      'SELECT id, name, email, subject, message, created_at FROM contact_messages ORDER BY created_at DESC, id LIMIT $1 OFFSET $2',
      [input.limit, input.offset],
    ),
    db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM contact_messages'),
  ]);
  return {
    messages: page.rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      subject: r.subject,
      message: r.message,
      createdAt: r.created_at.toISOString(),
    })),
    total: count.rows[0].n,
  };
}
