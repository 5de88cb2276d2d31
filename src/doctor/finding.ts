import { readFileSync } from 'node:fs';
import { handlerLabel } from '../config/handler-label.ts';
import { parseYamlDoc, splitFrontmatter } from '../config/parse/frontmatter.ts';
import { type PathSegment, parseJsonDoc, type SourceDoc } from '../config/parse/source-doc.ts';
import { ERROR_CODES, type ErrorCode } from '../errors.ts';
import type { NormalizedHandler } from '../model/handler.ts';
import type { ProfileName } from '../model/profile-name.ts';
import type { Finding } from './types.ts';

const docs = new Map<string, SourceDoc | null>();

/** The located document of a configuration file (JSON, JSONC or markdown frontmatter), cached. */
function sourceDoc(file: string): SourceDoc | null {
  if (docs.has(file)) return docs.get(file) ?? null;
  let doc: SourceDoc | null = null;
  try {
    const text = readFileSync(file, 'utf8');
    if (file.endsWith('.md')) {
      const front = splitFrontmatter(text);
      const parsed = front ? parseYamlDoc(front.yaml, front.lineOffset) : undefined;
      doc = parsed?.ok ? parsed.doc : null;
    } else {
      const parsed = parseJsonDoc(text, true);
      doc = parsed.ok ? parsed.doc : null;
    }
  } catch {
    doc = null;
  }
  docs.set(file, doc);
  return doc;
}

/** Forgets parsed files, so a new doctor run sees files changed since the last one. */
export function clearSourceDocs(): void {
  docs.clear();
}

function segments(pointer: string): PathSegment[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/** file:line:column of a JSON pointer in a configuration file (of its key when `key` is set). */
export function locatePointer(
  file: string,
  pointer: string,
  key = false,
): { line: number; column: number } | undefined {
  return sourceDoc(file)?.locate(segments(pointer), key);
}

/** The pointer of the matcher a handler was read with: its group's in Claude files, its own elsewhere. */
export function matcherPointer(handler: NormalizedHandler): string {
  const pointer = handler.source.pointer;
  if (handler.dialect === 'claude') return `${pointer.replace(/\/hooks\/\d+$/, '')}/matcher`;
  return `${pointer}/matcher`;
}

export interface FindingWhere {
  profile: ProfileName;
  message: string;
  /** Overrides the catalogue's sentence of what the host does. */
  host?: string;
  /** Overrides the catalogue's fix. */
  fix?: string;
  /** Pointer of the field at fault, below the handler; the handler itself when absent. */
  pointer?: string;
  /** Point at the property's key rather than its value. */
  key?: boolean;
}

/** A finding about one handler, located at the field at fault (else the handler). */
export function handlerFinding(code: ErrorCode, handler: NormalizedHandler, where: FindingWhere): Finding {
  const info = ERROR_CODES[code];
  const source = handler.source;
  const pointer = where.pointer ?? source.pointer;
  const position =
    pointer === source.pointer ? undefined : locatePointer(source.file, pointer, where.key === true);
  return {
    code,
    severity: info.severity,
    message: where.message,
    host: where.host ?? info.summary,
    fix: where.fix ?? info.fix,
    profile: where.profile,
    file: source.file,
    line: position?.line ?? source.line ?? 1,
    column: position?.column ?? source.column ?? 1,
    pointer,
    event: handler.event,
    hook: handlerLabel(handler),
  };
}

/** The pointer of the field holding the command the host runs on POSIX (`command`, `bash`, `linux`…). */
export function commandPointer(handler: NormalizedHandler): string {
  if (handler.type !== 'command') return handler.source.pointer;
  const s = handler.spec;
  const key =
    handler.dialect === 'claude'
      ? 'command'
      : handler.dialect === 'vscode'
        ? s.linux !== undefined
          ? 'linux'
          : s.bash !== undefined
            ? 'bash'
            : 'command'
        : s.exec !== undefined
          ? 'exec'
          : s.bash !== undefined
            ? 'bash'
            : 'command';
  return `${handler.source.pointer}/${key}`;
}
