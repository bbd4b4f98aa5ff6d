// Writes apps/web/src/components/account/common-passwords.txt: the entries of the server's common-password list
// (apps/server/src/modules/auth/common-passwords.txt, ~49k lines) that a password passing the sign-up policy could
// equal (case-insensitively: 6+ characters of letters, digits and @$!%*?&, with a letter and a digit). The strength
// meter loads it lazily, so the browser warns about exactly what the server refuses without shipping the whole list.
// Run: node scripts/compact-common-passwords.mjs   (a web unit test fails when the two lists drift apart)
import { readFileSync, writeFileSync } from 'node:fs';

export function compact(text) {
  return text.split('\n').filter((l) => l && !l.startsWith('#') && /^[a-z0-9@$!%*?&]{6,}$/.test(l) && /[a-z]/.test(l) && /[0-9]/.test(l));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const source = readFileSync(new URL('../apps/server/src/modules/auth/common-passwords.txt', import.meta.url), 'utf8');
  const lines = compact(source);
  writeFileSync(new URL('../apps/web/src/components/account/common-passwords.txt', import.meta.url), lines.join('\n') + '\n');
  console.log(`${lines.length} entries`);
}
