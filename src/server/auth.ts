import { createHash, randomBytes } from 'node:crypto';

/** Tokens are 32 random bytes: a fast hash is enough to store them (no guessable secret to stretch). */
const TOKEN_BYTES = 32;
const TOKEN_PREFIX = 'ah_';
/** How long a database answer about a token is reused, so a revocation takes effect within this. */
export const TOKEN_CACHE_MS = 10_000;
/** Unknown tokens are remembered briefly, so a wrong token cannot make every request query the database. */
const UNKNOWN_TOKEN_CACHE_MS = 1_000;
const CACHE_MAX_ENTRIES = 10_000;

export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(TOKEN_BYTES).toString('base64url');
}

/** The stored form of a token: `sha256:<hex>`. */
export function hashToken(token: string): string {
  return `sha256:${createHash('sha256').update(token, 'utf8').digest('hex')}`;
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(header: string | undefined | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}

export interface TokenSources {
  /**
   * Hashes from the configuration file, per team: the same Map while the configuration stays,
   * a new one when it is reloaded (which forgets every token remembered from the old one).
   */
  configured(): ReadonlyMap<string, string>;
  /** The team of a hash in the shared database, if the server has one; rejects after `budgetMs`. */
  lookup?(hash: string, budgetMs: number): Promise<string | undefined>;
  /** Told of a configured token in use (once per TOKEN_CACHE_MS), to check the database agrees. */
  checkConfigured?(hash: string, team: string): void;
}

/**
 * Maps bearer tokens to teams. Configured hashes answer at once (and win over the database,
 * which is only checked for a disagreement); the database (shared by every server) is asked on
 * a miss and its answer cached for TOKEN_CACHE_MS, so a token added on one server works at once
 * on every other, and a revoked one stops within that time.
 */
export class TokenRegistry {
  readonly #sources: TokenSources;
  readonly #cache = new Map<string, { team: string | undefined; until: number }>();
  readonly #recent = new Map<string, { team: string; until: number }>();
  #configured: ReadonlyMap<string, string> | undefined;

  constructor(sources: TokenSources) {
    this.#sources = sources;
  }

  /**
   * The team the request's token belongs to, or undefined (answer 401 and run nothing). Rejects
   * when the database cannot say within `budgetMs`.
   */
  async teamOf(
    authorization: string | undefined | null,
    budgetMs = Number.POSITIVE_INFINITY,
  ): Promise<string | undefined> {
    const token = bearerToken(authorization);
    if (!token) return undefined;
    const tokens = this.#sources.configured();
    // A reload applies to tokens at once: one moved to another team must not run its old
    // team's hooks (nor be audited as that team), and one removed must stop working.
    if (tokens !== this.#configured) {
      this.#configured = tokens;
      this.#recent.clear();
    }
    const known = this.#recent.get(token);
    if (known && known.until > Date.now()) return known.team;
    const hash = hashToken(token);
    const configured = tokens.get(hash);
    if (configured) {
      this.#remember(token, configured);
      this.#sources.checkConfigured?.(hash, configured);
      return configured;
    }
    if (!this.#sources.lookup) return undefined;
    const now = Date.now();
    const cached = this.#cache.get(hash);
    if (cached && cached.until > now) return cached.team;
    const team = await this.#sources.lookup(hash, budgetMs);
    if (this.#cache.size >= CACHE_MAX_ENTRIES) this.#cache.clear();
    this.#cache.set(hash, { team, until: now + (team ? TOKEN_CACHE_MS : UNKNOWN_TOKEN_CACHE_MS) });
    if (team) this.#remember(token, team);
    return team;
  }

  /** Valid tokens seen lately, so the hot path skips hashing (a removed token expires with it). */
  #remember(token: string, team: string): void {
    if (this.#recent.size >= CACHE_MAX_ENTRIES) this.#recent.clear();
    this.#recent.set(token, { team, until: Date.now() + TOKEN_CACHE_MS });
  }
}
