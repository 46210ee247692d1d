import type { SuperUserSetup } from './start/bootstrap.ts';

/** What `npm run demo` adds: who may sign in with which password. */
export type DemoSignIn = {
  /** undefined when the person starting the demo chose the password with ADMIN_PASSWORD. */
  adminPassword: string | undefined;
  roleUsers: readonly string[];
  roleUsersPassword: string;
};

export type StartBannerFacts = {
  url: string;
  database: string;
  adminUserName: string;
  superUser: SuperUserSetup;
  demo?: DemoSignIn;
};

/**
 * The lines a person starting the server needs, in plain text on stdout after the server listens:
 * where it is, where to sign in and with which user. A generated password appears here once and
 * nowhere else (not in the log, which may be collected).
 */
export function startBanner({ url, database, adminUserName, superUser, demo }: StartBannerFacts): string {
  const lines = [
    `Mandıra Portal hazır: ${url} (${database})`,
    `Giriş sayfası: ${url}/portal-giris`,
    `Kullanıcı: ${adminUserName}`,
    ...passwordLines(superUser, demo),
  ];
  if (demo) {
    lines.push(
      `Her rol için bir demo kullanıcı, şifresi ${demo.roleUsersPassword}:`,
      ...wrap(demo.roleUsers, 90).map((line) => `  ${line}`),
    );
  }
  lines.push('Durdurmak için Ctrl+C.');
  return `\n${lines.map((line) => `  ${line}`).join('\n')}\n\n`;
}

function passwordLines(superUser: SuperUserSetup, demo: DemoSignIn | undefined): string[] {
  if (superUser.generatedPassword) {
    return [
      `Şifre: ${superUser.generatedPassword}`,
      'Bu şifre yalnızca bu kez gösterilir: giriş yaptıktan sonra güvenli bir yere kaydedin.',
    ];
  }
  if (demo) return [`Şifre: ${demo.adminPassword ?? 'ADMIN_PASSWORD ile verdiğiniz şifre'}`];
  if (superUser.created) return ['Şifre: ADMIN_PASSWORD ile verdiğiniz şifre'];
  return ['Şifre: ilk kurulumda belirlenen şifre'];
}

/** Names joined with commas, in lines of at most `width` characters. */
function wrap(names: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const name of names) {
    const next = line ? `${line}, ${name}` : name;
    if (line && next.length > width) {
      lines.push(`${line},`);
      line = name;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}
