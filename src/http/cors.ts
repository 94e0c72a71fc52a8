import type { RequestHandler } from 'express';

/** Browsers may call the API from other origins; the headers clients read are exposed. */
export const EXPOSED_HEADERS = ['Link', 'X-Total-Count', 'Warning', 'WWW-Authenticate'];
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Sudo', 'X-Gitea-OTP', 'Accept'];
// Joined once: this runs on every request.
const EXPOSED = EXPOSED_HEADERS.join(', ');
const ALLOWED = ALLOWED_HEADERS.join(', ');

export const cors: RequestHandler = (req, res, next) => {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED);
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', ALLOWED);
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
    return;
  }
  next();
};
