import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/types';

/** Captchas live 30 minutes (blade-contract §3). */
const CAPTCHA_MS = 30 * 60 * 1000;

/** Issues a captcha: the answer is kept in the database (shared by every instance), the image goes to the client. */
export async function issueCaptcha(db: Db): Promise<{ key: string; image: string }> {
  const captcha = svgCaptcha.create({ size: 5, noise: 2, ignoreChars: '0oO1ilI', width: 130, height: 48 });
  const key = randomUUID().replaceAll('-', '');
  const now = Date.now();
  await db.query('DELETE FROM blade_captcha WHERE expires_at < $1', [now]);
  await db.query('INSERT INTO blade_captcha (captcha_key, code, expires_at) VALUES ($1, $2, $3)', [
    key,
    captcha.text.toLowerCase(),
    now + CAPTCHA_MS,
  ]);
  return { key, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
}

/** Single use: the captcha is consumed by the first check, right or wrong. Case-insensitive. */
export async function checkCaptcha(db: Db, key: string | undefined, code: string | undefined): Promise<boolean> {
  if (!key || !code) return false;
  const [row] = await db.query<{ code: string; expires_at: string }>(
    'DELETE FROM blade_captcha WHERE captcha_key = $1 RETURNING code, expires_at',
    [key],
  );
  return !!row && Number(row.expires_at) >= Date.now() && row.code === code.trim().toLowerCase();
}
