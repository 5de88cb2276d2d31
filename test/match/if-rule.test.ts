import { describe, expect, it } from 'vitest';
import { type CompiledIfRule, compileIfRule, ifRuleBlockedOnEvent } from '../../src/match/if-rule.ts';

const ctx = { cwd: '/repo/sub', projectDir: '/repo', homeDir: '/home/u' };

function rule(text: string): CompiledIfRule {
  const compiled = compileIfRule(text);
  if ('error' in compiled) throw new Error(compiled.error);
  return compiled;
}

type Row = [ref: string, rule: string, tool: string, input: Record<string, unknown>, expected: boolean];

const bash = (command: string) => ({ command });
const file = (file_path: string) => ({ file_path });

const rows: Row[] = [
  // claude-code-observed.md "Matching and identity"
  ['observed: Bash(git *) git status', 'Bash(git *)', 'Bash', bash('git status'), true],
  ['observed: Bash(git *) env prefix', 'Bash(git *)', 'Bash', bash('FOO=1 git log -1'), true],
  ['observed: Bash(git *) any subcommand', 'Bash(git *)', 'Bash', bash('ls && git rev-parse HEAD'), true],
  ['observed: Bash(git *) inside $()', 'Bash(git *)', 'Bash', bash('echo $(git rev-parse HEAD)'), true],
  ['observed: Bash(git *) not ls', 'Bash(git *)', 'Bash', bash('ls'), false],
  ['observed: Write(*.md) .md write', 'Write(*.md)', 'Write', file('/repo/sub/notes.md'), true],
  ['observed: Write(*.md) other write', 'Write(*.md)', 'Write', file('/repo/sub/notes.txt'), false],
  ['observed: Bash fires for every call', 'Bash', 'Bash', bash('anything at all'), true],
  ['observed: Bash not for Write', 'Bash', 'Write', file('/repo/a.md'), false],
  // §5.3 Bash
  ['§5.3 word boundary: ls * ≠ lsof', 'Bash(ls *)', 'Bash', bash('lsof -i'), false],
  ['§5.3 word boundary: ls * = ls', 'Bash(ls *)', 'Bash', bash('ls'), true],
  ['§5.3 word boundary: ls * = ls -la', 'Bash(ls *)', 'Bash', bash('ls -la'), true],
  ['§5.3 prefix glob git push*', 'Bash(git push*)', 'Bash', bash('git push origin main'), true],
  ['§5.3 prefix glob git push* not pull', 'Bash(git push*)', 'Bash', bash('git pull'), false],
  ['§5.3 * matches spaces mid-pattern', 'Bash(git * main)', 'Bash', bash('git push origin main'), true],
  ['§5.3 legacy :* suffix', 'Bash(npm run test:*)', 'Bash', bash('npm run test -- --watch'), true],
  ['§5.3 legacy :* suffix bare', 'Bash(npm run test:*)', 'Bash', bash('npm run test'), true],
  ['§5.3 legacy :* word boundary', 'Bash(npm run test:*)', 'Bash', bash('npm run testing'), false],
  ['§5.3 exact specifier', 'Bash(npm test)', 'Bash', bash('npm test'), true],
  ['§5.3 exact specifier, extra args', 'Bash(npm test)', 'Bash', bash('npm test --ci'), false],
  ['§5.3 any subcommand in a pipe', 'Bash(rm *)', 'Bash', bash('find . | xargs rm'), true],
  ['§5.3 backticks checked', 'Bash(git *)', 'Bash', bash('echo `git log`'), true],
  ['§5.3 subshell checked', 'Bash(git *)', 'Bash', bash('(cd x && git fetch)'), true],
  ['§5.3 quoted operator is not a subcommand', 'Bash(git *)', 'Bash', bash('echo "ls && git status"'), false],
  ['§5.3 unparsable fires (fail-open)', 'Bash(git push *)', 'Bash', bash('echo "unterminated'), true],
  ['§5.3 missing command fires (fail-open)', 'Bash(git push *)', 'Bash', {}, true],
  ['§5.3 specific pattern fires on $VAR', 'Bash(git push *)', 'Bash', bash('git $CMD origin'), true],
  ['§5.3 specific pattern fires on $()', 'Bash(git push *)', 'Bash', bash('$(echo git) push'), true],
  ['§5.3 command-name pattern ignores $VAR', 'Bash(git *)', 'Bash', bash('echo $HOME'), false],
  ['§5.3 wrapper timeout', 'Bash(git push *)', 'Bash', bash('timeout 30 git push origin'), true],
  ['§5.3 wrapper nohup', 'Bash(rm *)', 'Bash', bash('nohup rm -rf build'), true],
  ['§5.3 Bash rule not for PowerShell', 'Bash(git *)', 'PowerShell', bash('git status'), false],
  // §5.3 PowerShell
  [
    '§5.3 PowerShell case-insensitive',
    'PowerShell(Remove-Item *)',
    'PowerShell',
    bash('remove-item C:\\x'),
    true,
  ],
  [
    '§5.3 PowerShell alias canonicalized',
    'PowerShell(Remove-Item *)',
    'PowerShell',
    bash('rm -r build'),
    true,
  ],
  ['§5.3 PowerShell no match', 'PowerShell(Remove-Item *)', 'PowerShell', bash('Get-ChildItem'), false],
  ['§5.3 PowerShell compound', 'PowerShell(git *)', 'PowerShell', bash('cd x; git status'), true],
  // §5.3 file tools
  ['§5.3 bare filename at any depth', 'Read(.env)', 'Read', file('/repo/sub/a/b/.env'), true],
  ['§5.3 bare filename other file', 'Read(.env)', 'Read', file('/repo/sub/a/.env.example'), false],
  ['§5.3 dotfiles matched by *', 'Edit(*)', 'Edit', file('/repo/sub/.hidden'), true],
  ['§5.3 src/** anchored to cwd (≥2.1.214)', 'Edit(src/**)', 'Edit', file('/repo/sub/src/a/b.ts'), true],
  ['§5.3 src/** not at depth (≥2.1.214)', 'Edit(src/**)', 'Edit', file('/repo/sub/lib/src/b.ts'), false],
  ['§5.3 **/src/** at any depth', 'Edit(**/src/**)', 'Edit', file('/repo/sub/lib/src/b.ts'), true],
  ['§5.3 ./ relative to cwd', 'Edit(./a.ts)', 'Edit', file('/repo/sub/a.ts'), true],
  ['§5.3 ./ not at depth', 'Edit(./a.ts)', 'Edit', file('/repo/sub/x/a.ts'), false],
  ['§5.3 * stays in one segment', 'Edit(src/*.ts)', 'Edit', file('/repo/sub/src/x/a.ts'), false],
  ['§5.3 /path is settings-root relative', 'Edit(/docs/*.md)', 'Edit', file('/repo/docs/a.md'), true],
  ['§5.3 /path is not cwd relative', 'Edit(/docs/*.md)', 'Edit', file('/repo/sub/docs/a.md'), false],
  ['§5.3 //abs path', 'Read(//etc/**)', 'Read', file('/etc/passwd'), true],
  ['§5.3 //abs path other dir', 'Read(//etc/**)', 'Read', file('/var/etc/passwd'), false],
  ['§5.3 ~/ home path', 'Read(~/.ssh/**)', 'Read', file('/home/u/.ssh/id_ed25519'), true],
  ['§5.3 ~/ home path elsewhere', 'Read(~/.ssh/**)', 'Read', file('/repo/.ssh/id'), false],
  ['§5.3 file outside cwd for relative pattern', 'Write(*.md)', 'Write', file('/tmp/x.md'), false],
  [
    '§5.3 directory name covers contents',
    'Read(node_modules)',
    'Read',
    file('/repo/sub/node_modules/x/y.js'),
    true,
  ],
  ['§5.3 trailing slash directory', 'Read(build/)', 'Read', file('/repo/sub/build/out.js'), true],
  ['§5.3 Windows path normalized', 'Edit(*.ts)', 'Edit', file('C:\\repo\\sub\\a.ts'), false],
  ['§5.3 Edit rule not for Write in if', 'Edit(*.md)', 'Write', file('/repo/sub/a.md'), false],
  [
    '§5.3 NotebookEdit uses notebook_path',
    'NotebookEdit(*.ipynb)',
    'NotebookEdit',
    { notebook_path: '/repo/sub/n.ipynb' },
    true,
  ],
  ['§5.3 invalid file input never matches', 'Read(*.md)', 'Read', {}, false],
  // §5.3 other tools
  [
    '§5.3 WebFetch domain',
    'WebFetch(domain:example.com)',
    'WebFetch',
    { url: 'https://Example.COM/x' },
    true,
  ],
  [
    '§5.3 WebFetch other domain',
    'WebFetch(domain:example.com)',
    'WebFetch',
    { url: 'https://evil.com/?example.com' },
    false,
  ],
  [
    '§5.3 WebFetch exact domain excludes subdomain',
    'WebFetch(domain:example.com)',
    'WebFetch',
    { url: 'https://a.example.com' },
    false,
  ],
  [
    '§5.3 WebFetch *. subdomains',
    'WebFetch(domain:*.example.com)',
    'WebFetch',
    { url: 'https://a.b.example.com/' },
    true,
  ],
  [
    '§5.3 WebFetch *. not lookalike',
    'WebFetch(domain:*.example.com)',
    'WebFetch',
    { url: 'https://badexample.com/' },
    false,
  ],
  ['§5.3 WebFetch bad url', 'WebFetch(domain:example.com)', 'WebFetch', { url: 'not a url' }, false],
  ['§5.3 Agent(Explore)', 'Agent(Explore)', 'Agent', { subagent_type: 'Explore' }, true],
  ['§5.3 Agent(Explore) other agent', 'Agent(Explore)', 'Agent', { subagent_type: 'Plan' }, false],
  ['§5.3 legacy Task rule for Agent calls', 'Task(Explore)', 'Agent', { subagent_type: 'Explore' }, true],
  ['§5.3 legacy Task call for Agent rule', 'Agent', 'Task', {}, true],
  ['§5.2 MCP exact tool', 'mcp__memory__create', 'mcp__memory__create', {}, true],
  ['§5.2 MCP other tool', 'mcp__memory__create', 'mcp__memory__delete', {}, false],
  ['§5.2 MCP whole server', 'mcp__memory', 'mcp__memory__delete', {}, true],
  ['§5.2 MCP whole server __*', 'mcp__memory__*', 'mcp__memory__delete', {}, true],
  ['§5.2 MCP other server', 'mcp__memory', 'mcp__memoryx__delete', {}, false],
  ['§5.2 MCP plugin server needs scoped name', 'mcp__db', 'mcp__plugin_p_db__query', {}, false],
  ['§5.3 no permission matcher ⇒ never', 'WebSearch(cats)', 'WebSearch', { query: 'cats' }, false],
  ['§5.3 bare WebSearch', 'WebSearch', 'WebSearch', { query: 'cats' }, true],
  ['§5.3 empty parentheses = bare', 'Bash()', 'Bash', bash('ls'), true],
];

describe('compileIfRule (claude-code-hooks.md §5.3, claude-code-observed.md)', () => {
  it.each(rows)('%s: %s on %s', (_ref, text, tool, input, expected) => {
    expect(rule(text).test(tool, input, ctx)).toBe(expected);
  });

  it('anchors /path to the settings root when given (user settings: ~/.claude)', () => {
    const r = rule('Read(/secrets/**)');
    const user = { ...ctx, settingsRoot: '/home/u/.claude' };
    expect(r.test('Read', file('/home/u/.claude/secrets/a'), user)).toBe(true);
    expect(r.test('Read', file('/repo/secrets/a'), user)).toBe(false);
  });

  it('matches Windows paths in POSIX form against Windows dirs (§5.3)', () => {
    const win = { cwd: 'C:\\repo', projectDir: 'C:\\repo', homeDir: 'C:\\Users\\u' };
    expect(rule('Edit(*.ts)').test('Edit', file('C:\\repo\\src\\a.ts'), win)).toBe(true);
    expect(rule('Read(~/.ssh/**)').test('Read', file('C:\\Users\\u\\.ssh\\id'), win)).toBe(true);
  });

  it.each([
    ['Bash(git *) && Edit(x)'],
    ['Bash|PowerShell'],
    ['Bash, Edit'],
    [''],
    ['Bash(git *'],
    ['(git *)'],
  ])('rejects %j as not one rule (§4.1)', (text) => {
    const compiled = compileIfRule(text);
    expect(compiled).toMatchObject({ code: 'MATCH_INVALID_IF_RULE' });
    expect('error' in compiled && compiled.error).toMatch(/invalid "if" rule/);
  });

  it('keeps nested parentheses inside the specifier', () => {
    const r = rule('Bash(echo (x))');
    expect(r.specifier).toBe('echo (x)');
  });

  it('warns when a specifier can never match', () => {
    expect(rule('WebSearch(cats)').warnings?.[0]?.code).toBe('MATCH_IF_RULE_NEVER_MATCHES');
    expect(rule('WebFetch(example.com)').warnings?.[0]?.code).toBe('MATCH_IF_RULE_NEVER_MATCHES');
    expect(rule('Bash(git *)').warnings).toBeUndefined();
  });

  it('only tool events evaluate if; elsewhere the hook never runs (§4.1, observed SessionStart)', () => {
    for (const e of [
      'PreToolUse',
      'PostToolUse',
      'PostToolUseFailure',
      'PermissionRequest',
      'PermissionDenied',
    ] as const) {
      expect(ifRuleBlockedOnEvent(e, 'Bash')).toBeUndefined();
    }
    expect(ifRuleBlockedOnEvent('SessionStart', 'Bash')?.code).toBe('MATCH_IF_ON_NON_TOOL_EVENT');
    expect(ifRuleBlockedOnEvent('Stop', 'Bash')?.code).toBe('MATCH_IF_ON_NON_TOOL_EVENT');
  });
});
