/** An account's picture; its initial when the image is missing. */
export function Avatar({ url, login, size = 24 }: { url?: string | null; login: string; size?: number }) {
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size * 0.55 }} aria-hidden="true">
      {url ? <img src={url} alt="" width={size} height={size} loading="lazy" onError={(e) => (e.currentTarget.style.display = 'none')} /> : null}
      <span>{login.slice(0, 1).toUpperCase()}</span>
    </span>
  );
}
