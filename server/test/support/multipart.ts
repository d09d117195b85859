/**
 * A form as the bytes a browser sends, with its content type: the app then reads it as it reads
 * a socket's body. (Handed a FormData, undici streams it from a generator that fails with an
 * unhandled 'ReadableStream is already closed' when the server stops reading early: a 413.)
 */
export async function multipartBody(form: FormData): Promise<{ body: ArrayBuffer; contentType: string }> {
  const encoded = new Response(form);
  return { body: await encoded.arrayBuffer(), contentType: encoded.headers.get('content-type')! };
}
