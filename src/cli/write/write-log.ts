// What a writing command did (or, in a dry run, would do), file by file, said as it happens for a
// person (diffs on stdout, notes and warnings on stderr, so a redirect of the diff never hides
// them) or kept for the one `--json` object (write-json.ts).
import type { ConfigKind } from '../../config/read-types.ts';
import type { ProfileName } from '../../model/profile-name.ts';
import type { CliIo } from '../cli-io.ts';
import type { Said } from '../failure-json.ts';
import type { ConfigWrite } from './config-write.ts';
import { DRY_RUN_DONE } from './dry-run.ts';
import { unifiedDiff } from './line-diff.ts';
import { type FileStatus, type OtherFileJson, printWriteJson } from './write-json.ts';

interface Change extends OtherFileJson {
  diff: string;
  text: string | null;
}

export class WriteLog {
  private readonly changes: Change[] = [];
  private readonly notes: string[] = [];
  private readonly warnings: string[] = [];
  private readonly listed: OtherFileJson[] = [];

  /** `dryRun`: the changes are planned and checked, not made (dry-run.ts); said so at the end. */
  constructor(
    private readonly io: Pick<CliIo, 'stdout' | 'stderr'>,
    private readonly json: boolean,
    private readonly dryRun = false,
  ) {}

  note(line: string): void {
    this.notes.push(line);
    if (!this.json) this.io.stderr(`${line}\n`);
  }

  warn(line: string): void {
    this.warnings.push(line);
    if (!this.json) this.io.stderr(`${line}\n`);
  }

  /** A planned write, once applied: its notes, then its diff (or `unchanged`, when it has none). */
  wrote(write: ConfigWrite | undefined, unchanged: string): void {
    if (!write) return;
    for (const note of write.notes) this.note(`${write.file}: ${note}`);
    this.changes.push({ file: write.file, status: write.mode, diff: write.diff, text: write.after });
    if (write.diff === '') this.note(`${write.file}: ${unchanged}`);
    else if (!this.json) this.io.stdout(write.diff);
  }

  /** A file looked at and left as it was. */
  kept(file: string, text: string): void {
    this.changes.push({ file, status: 'same', diff: '', text });
  }

  /** A file deleted: its diff against /dev/null. */
  deleted(file: string, before: string): void {
    const diff = unifiedDiff(file, before, undefined);
    this.changes.push({ file, status: 'delete', diff, text: null });
    if (!this.json) this.io.stdout(diff);
  }

  /** A file written whole beside the main one (a schema file), listed without its diff. */
  listedFile(file: string, status: FileStatus): void {
    this.listed.push({ file, status });
  }

  /** What was said and changed so far: for the --json document of a command that then failed. */
  said(): Said {
    const files = this.changes.map(({ file, status, diff }) => ({ file, status, diff }));
    return { notes: this.notes, warnings: this.warnings, files: [...files, ...this.listed] };
  }

  /**
   * With --json, the one object, about `file` (which may have had nothing done to it); without,
   * a dry run's last line.
   */
  finish(about: { host: ProfileName; file: string; kind: ConfigKind | 'vscode-settings' }): void {
    if (!this.json) {
      if (this.dryRun) this.io.stdout(DRY_RUN_DONE);
      return;
    }
    const main = this.changes.find((change) => change.file === about.file);
    const others = this.changes
      .filter((change) => change !== main)
      .map(({ file, status, diff }) => ({ file, status, diff }));
    printWriteJson(this.io, {
      ...about,
      mode: main?.status ?? 'none',
      diff: main?.diff ?? '',
      text: main?.text ?? null,
      files: [...others, ...this.listed],
      lossy: [],
      notes: this.notes,
      warnings: this.warnings,
      written: !this.dryRun,
    });
  }
}
