import { describe, expect, it } from 'vitest';
import { substituteArguments } from '../../../src/runners/llm/arguments.ts';

const input = {
  session_id: 's1',
  transcript_path: '/home/u/.claude/projects/p/s1.jsonl',
  tool_name: 'Bash',
  tool_input: { command: 'ls -la', timeout: 5 },
};
const json = JSON.stringify(input);

// claude-code-hooks.md §4.5 and seed 004 (prompt hooks resolve $ARGUMENTS, $0, $ARGUMENTS[0]).
describe('substituteArguments', () => {
  it.each([
    ['whole input', 'Check: $ARGUMENTS', `Check: ${json}`],
    ['twice', '$ARGUMENTS / $ARGUMENTS', `${json} / ${json}`],
    ['named field', 'Read $ARGUMENTS[transcript_path] now', `Read ${input.transcript_path} now`],
    ['dotted path', 'cmd=$ARGUMENTS[tool_input.command]', 'cmd=ls -la'],
    ['non-string field as JSON', 'in=$ARGUMENTS[tool_input]', `in=${JSON.stringify(input.tool_input)}`],
    ['number field', 't=$ARGUMENTS[tool_input.timeout]', 't=5'],
    ['unknown field is empty', 'x=[$ARGUMENTS[nope]]', 'x=[]'],
    ['$ARGUMENTS[N] positional', 'first=$ARGUMENTS[0] third=$ARGUMENTS[2]', 'first=s1 third=Bash'],
    ['$N positional', '$0|$2', 's1|Bash'],
    ['$N out of range is empty', '[$9]', '[]'],
    ['escaped dollar stays literal', 'costs \\$1.00 for $ARGUMENTS[tool_name]', 'costs $1.00 for Bash'],
    [
      'escaped $ARGUMENTS stays literal',
      'say \\$ARGUMENTS then $ARGUMENTS[tool_name]',
      'say $ARGUMENTS then Bash',
    ],
    ['longer identifier is not a placeholder', '$ARGUMENTSX $ARGUMENTS[tool_name]', '$ARGUMENTSX Bash'],
  ])('%s', (_name, prompt, expected) => {
    expect(substituteArguments(prompt, input)).toBe(expected);
  });

  it.each([
    ['no placeholder', 'Is this safe?', `Is this safe?\n\n${json}`],
    ['only an escaped dollar', 'costs \\$5', `costs $5\n\n${json}`],
    ['empty prompt', '', `\n\n${json}`],
  ])('appends the input JSON when there is no placeholder: %s', (_name, prompt, expected) => {
    expect(substituteArguments(prompt, input)).toBe(expected);
  });

  it('uses the precomputed payload JSON when given', () => {
    expect(substituteArguments('$ARGUMENTS', input, '{"pre":1}')).toBe('{"pre":1}');
  });

  it('inserts replacement text literally (no $& or $1 expansion)', () => {
    expect(substituteArguments('$ARGUMENTS[v]', { v: "$& $1 $'" })).toBe("$& $1 $'");
  });
});
