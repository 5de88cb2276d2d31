import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type DoctorReport, runDoctor } from '../../src/doctor/run-doctor.ts';
import { ERROR_CODES } from '../../src/errors.ts';
import { runCliInProcess } from '../helpers/cli.ts';
import { REPO_ROOT } from '../helpers/paths.ts';
import { makeTree } from '../helpers/temp-dir.ts';

const CORPUS = path.join(REPO_ROOT, 'test/fixtures/doctor');
const DEMO = path.join(REPO_ROOT, 'examples/demo-project');

interface Expectation {
  code: keyof typeof ERROR_CODES;
  file: string;
  line: number;
  column: number;
  pointer: string;
}

async function probe(cwd: string, args: string[] = []): Promise<{ code: number; report: DoctorReport }> {
  const run = await runCliInProcess(['doctor', '--cwd', cwd, '--no-user', '--json', '--probe', ...args]);
  return { code: run.code, report: JSON.parse(run.stdout) as DoctorReport };
}

const fixtures = readdirSync(CORPUS).filter((name) => name.startsWith('probe-'));

describe('agent-hooks doctor --probe on the broken-fixture corpus', () => {
  it.each(fixtures)('%s: the expected code at file:line:column and JSON pointer', async (name) => {
    const dir = path.join(CORPUS, name);
    const expected = JSON.parse(readFileSync(path.join(dir, 'doctor-expect.json'), 'utf8')) as Expectation;
    const { code, report } = await probe(dir);
    expect(report.findings.map((f) => f.code)).toEqual([expected.code]);
    expect(report.findings[0]).toMatchObject({
      file: path.join(dir, expected.file),
      line: expected.line,
      column: expected.column,
      pointer: expected.pointer,
      severity: ERROR_CODES[expected.code].severity,
    });
    expect(report.probe?.ran).toBe(1);
    expect(code).toBe(ERROR_CODES[expected.code].severity === 'error' ? 1 : 0);
  });

  it('runs the hooks in a temporary copy: what they write never lands in the project', async () => {
    const dir = path.join(CORPUS, 'probe-banner');
    await probe(dir);
    expect(existsSync(path.join(dir, 'probe-wrote-here'))).toBe(false);
    expect(existsSync(path.join(CORPUS, 'probe-timeout', 'never'))).toBe(false);
  });

  it('finds nothing on the demo project, every hook of every host run once', async () => {
    // --no-user reads none of Copilot CLI's trusted folders; --trust-folder stands in for them.
    const { code, report } = await probe(DEMO, ['--trust-folder']);
    expect(report.findings).toEqual([]);
    expect(report.probe?.ran).toBe(12);
    expect(code).toBe(0);
  });

  it("says the demo project's Copilot hooks do not run in a folder Copilot CLI does not trust", async () => {
    const { report } = await probe(DEMO);
    expect(report.findings.length).toBeGreaterThan(0);
    for (const finding of report.findings) {
      expect(finding).toMatchObject({ code: 'DOCTOR_HOOK_NOT_RUN', profile: 'copilot-cli' });
      expect(finding.message).toContain('CONFIG_COPILOT_FOLDER_UNTRUSTED');
    }
  });
});

describe('doctor --probe keeps hooks off the network', () => {
  let hits = 0;
  const server = createServer((_request, response) => {
    hits += 1;
    response.end('{}');
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a hook fetching a 127.0.0.1 server does not reach it under unshare -n; the report names the isolation', async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const fetcher = `fetch(process.env.DOCTOR_TEST_URL).then(() => console.log('{"systemMessage":"reached"}'), () => console.log('{}'))`;
    const dir = makeTree(
      {
        '.claude/settings.json': {
          hooks: {
            Stop: [{ hooks: [{ type: 'command', command: `cat >/dev/null; node -e '${fetcher}'` }] }],
          },
        },
      },
      'doctor-net',
    );
    const { report } = await runDoctor({
      load: { cwd: dir, noUser: true, env: { ...process.env, DOCTOR_TEST_URL: url } },
      probe: true,
    });
    expect(report.probe?.ran).toBe(1);
    expect(report.probe?.isolation).toMatch(/proxy variables point at http:\/\/127\.0\.0\.1:9/);
    if (report.probe?.isolation.startsWith('unshare')) expect(hits).toBe(0);
    else expect(report.probe?.isolation).toMatch(/^no network namespace available/);
  });
});
