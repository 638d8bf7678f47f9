// Elicitation's pure parts (issue 17 item 6): the form from a requested schema, the answer checked.
import { describe, expect, it } from 'vitest';
import type { ElicitField } from '../../shared/mcp-elicitation';
import { checkAnswer } from '../../shared/mcp-question';
import { formFields } from './elicitation';

describe('formFields', () => {
  it('strings, numbers, booleans and every enum form (titled, legacy enumNames, plain)', () => {
    const form = formFields({
      type: 'object',
      properties: {
        email: { type: 'string', title: 'Email', format: 'email', maxLength: 80, description: 'Where we write' },
        age: { type: 'number', minimum: 0 },
        tier: { type: 'string', enum: ['a', 'b'], enumNames: ['Basic', 'Better'], default: 'a' },
        color: { type: 'string', enum: ['red'] },
        ok: { type: 'boolean' },
      },
      required: ['email'],
    });
    expect(form).toEqual({
      fields: [
        { name: 'email', label: 'Email', description: 'Where we write', required: true, kind: 'text', format: 'email', maxLength: 80 },
        { name: 'age', label: 'age', required: false, kind: 'number', minimum: 0 },
        { name: 'tier', label: 'tier', required: false, kind: 'choice', default: 'a', options: [{ value: 'a', label: 'Basic' }, { value: 'b', label: 'Better' }] },
        { name: 'color', label: 'color', required: false, kind: 'choice', options: [{ value: 'red', label: 'red' }] },
        { name: 'ok', label: 'ok', required: false, kind: 'boolean' },
      ],
    });
  });
  it.each([
    [{ type: 'object' }, 'the form has no fields'],
    [{ type: 'object', properties: { d: { type: 'array' } } }, '"d" asks for several choices'],
    [{ type: 'object', properties: { o: { type: 'object' } } }, '"o" asks for a object'],
    [{ type: 'object', properties: { x: 3 } }, '"x" is not a field'],
  ])('cannot show %j', (schema, why) => {
    expect(formFields(schema)).toEqual({ unsupported: why });
  });
});

describe('checkAnswer', () => {
  const fields: ElicitField[] = [
    { name: 'name', label: 'Your name', kind: 'text', required: true, minLength: 2, maxLength: 5 },
    { name: 'guests', label: 'Guests', kind: 'integer', required: false, minimum: 1, maximum: 12 },
    { name: 'veg', label: 'Vegetarian', kind: 'boolean', required: false },
    { name: 'time', label: 'Time', kind: 'choice', required: false, options: [{ value: '19:00', label: 'Seven' }] },
  ];
  it('passes values that fit, leaving out empty optional ones', () => {
    expect(checkAnswer(fields, { name: 'Ada', guests: 3, veg: false, time: '19:00' })).toEqual({ name: 'Ada', guests: 3, veg: false, time: '19:00' });
    expect(checkAnswer(fields, { name: 'Ada', time: '' })).toEqual({ name: 'Ada' });
  });
  it.each([
    [{}, '“Your name” is needed.'],
    [{ name: 'A' }, '“Your name” must be at least 2 characters.'],
    [{ name: 'Adalbert' }, '“Your name” must be at most 5 characters.'],
    [{ name: 'Ada', guests: 2.5 }, '“Guests” must be a whole number.'],
    [{ name: 'Ada', guests: 0 }, '“Guests” must be at least 1.'],
    [{ name: 'Ada', guests: 13 }, '“Guests” must be at most 12.'],
    [{ name: 'Ada', guests: '3' }, '“Guests” must be a whole number.'],
    [{ name: 'Ada', veg: 'yes' }, '“Vegetarian” must be yes or no.'],
    [{ name: 'Ada', time: '18:00' }, '“Time” must be one of the choices.'],
    [{ name: 7 }, '“Your name” must be text.'],
    [{ name: 'Ada', extra: 'x' }, 'The form has no field “extra”.'],
  ])('%j → %s', (content, why) => {
    expect(checkAnswer(fields, content as never)).toBe(why);
  });
});
