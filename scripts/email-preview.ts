// Renders every e-mail with sample data to <kind>.html and <kind>.txt, to look at them in a browser or editor.
// Usage: npm run email:preview [folder]   (default: email-preview)
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EMAIL_SAMPLES } from '../api/emails/samples';

const outDir = resolve(process.argv[2] || 'email-preview');
await mkdir(outDir, { recursive: true });
for (const [kind, sample] of Object.entries(EMAIL_SAMPLES)) {
  const email = await sample();
  await writeFile(join(outDir, `${kind}.html`), email.html);
  await writeFile(join(outDir, `${kind}.txt`), `Subject: ${email.subject}\nTo: ${email.to}\n\n${email.text}`);
}
console.log(`Rendered ${Object.keys(EMAIL_SAMPLES).length} e-mails into ${outDir}`);
