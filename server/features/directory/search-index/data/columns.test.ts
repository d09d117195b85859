import { describe, expect, it } from 'vitest';
import { ColumnsBuilder } from './columns';
import { newDictionaries } from './dictionary';
import { wireBatch, wireRow } from '../../../../test/support/directory/index-rows';
import { FLAG_FIELDS, SCALAR_INDEX } from './wire-format';

describe('ColumnsBuilder', () => {
  it('reads every part of a row into its column', () => {
    const dicts = newDictionaries();
    const builder = new ColumnsBuilder(dicts, 0);
    builder.addBatch(
      wireBatch([
        {
          id: 10,
          npi: '1234567890',
          lastName: 'Smith',
          graduationYear: 1990,
          boardCertified: true,
          zip: '02115-1234',
          verifiedAt: 5,
        },
        { id: 11, npi: '12345', graduationYear: 99999, telehealth: false },
      ]),
    );
    const c = builder.columns();
    expect(c.length).toBe(2);
    expect([...c.ids.subarray(0, 2)]).toEqual([10, 11]);
    expect(c.npi[0]).toBe(1234567890);
    expect(c.npi[1]).toBeNaN(); // not 10 digits
    expect(dicts.scalar[SCALAR_INDEX.lastName].values[c.scalar[SCALAR_INDEX.lastName][0]]).toBe('Smith');
    expect(c.scalar[SCALAR_INDEX.lastName][1]).toBe(0);
    expect([c.graduationYear[0], c.graduationYear[1]]).toEqual([1990, 0]); // out of range: unknown
    expect(c.flags[FLAG_FIELDS.indexOf('boardCertified')][0]).toBe(2);
    expect(c.flags[FLAG_FIELDS.indexOf('telehealth')][1]).toBe(1);
    expect(c.flags[FLAG_FIELDS.indexOf('telehealth')][0]).toBe(0);
    expect(c.zip[0]).toBe(2115 + 1);
    expect(c.zip[1]).toBe(0);
    expect(c.verifiedAt[0]).toBe(5);
    expect(c.createdAt[0]).toBeNaN();
  });

  it('grows past its capacity, and refuses a row with the wrong number of fields', () => {
    const builder = new ColumnsBuilder(newDictionaries(), 0);
    for (let id = 1; id <= 40; id++) builder.add(wireRow({ id }));
    expect(builder.columns().length).toBe(40);
    expect(builder.columns().ids[39]).toBe(40);
    expect(() => builder.add('1\u001f2')).toThrow(/a row has 2 fields/);
  });

  it('patches a copy: the columns it started from stay as they were', () => {
    const dicts = newDictionaries();
    const first = new ColumnsBuilder(dicts, 2);
    first.addBatch(wireBatch([{ id: 1, lastName: 'Smith' }, { id: 2 }]));
    const old = first.columns();
    const next = new ColumnsBuilder(dicts, 3, old);
    next.set(0, wireRow({ id: 1, lastName: 'Doe' }));
    next.remove(1);
    next.add(wireRow({ id: 3 }));
    const last = SCALAR_INDEX.lastName;
    expect(dicts.scalar[last].values[old.scalar[last][0]]).toBe('Smith');
    expect(old.alive[1]).toBe(1);
    const c = next.columns();
    expect(dicts.scalar[last].values[c.scalar[last][0]]).toBe('Doe');
    expect([c.alive[0], c.alive[1], c.alive[2], c.length]).toEqual([1, 0, 1, 3]);
  });

  it('keeps codes as narrow as the dictionary allows, widening as values arrive (builds and patches)', () => {
    const dicts = newDictionaries();
    const builder = new ColumnsBuilder(dicts, 0);
    const rows = Array.from({ length: 70_000 }, (_, i) => ({ id: i + 1, lastName: `Name${i}`, state: i % 2 ? 'MA' : 'TX' }));
    builder.addBatch(wireBatch(rows.slice(0, 200)));
    const last = SCALAR_INDEX.lastName;
    expect(builder.columns().scalar[last]).toBeInstanceOf(Uint8Array);
    builder.addBatch(wireBatch(rows.slice(200, 60_000)));
    expect(builder.columns().scalar[last]).toBeInstanceOf(Uint16Array);
    builder.addBatch(wireBatch(rows.slice(60_000)));
    const c = builder.columns();
    expect(c.scalar[last]).toBeInstanceOf(Int32Array);
    expect(c.scalar[SCALAR_INDEX.state]).toBeInstanceOf(Uint8Array); // two values
    for (const at of [0, 199, 255, 256, 65_534, 65_535, 69_999])
      expect(dicts.scalar[last].values[c.scalar[last][at]], `row ${at}`).toBe(`Name${at}`);

    // A patch that brings the 256th state widens its own copy; the old columns stay as they were.
    const small = newDictionaries();
    const before = new ColumnsBuilder(small, 0);
    before.addBatch(wireBatch(Array.from({ length: 255 }, (_, i) => ({ id: i + 1, state: `S${i}` }))));
    const old = before.columns();
    const patch = new ColumnsBuilder(small, old.length + 2, old);
    patch.add(wireRow({ id: 1000, state: 'S255' }));
    patch.set(0, wireRow({ id: 1, state: 'S256' }));
    const next = patch.columns();
    const state = SCALAR_INDEX.state;
    expect(old.scalar[state]).toBeInstanceOf(Uint8Array);
    expect(next.scalar[state]).toBeInstanceOf(Uint16Array);
    expect(small.scalar[state].values[old.scalar[state][0]]).toBe('S0');
    expect(small.scalar[state].values[next.scalar[state][0]]).toBe('S256');
    expect(small.scalar[state].values[next.scalar[state][255]]).toBe('S255');
    expect(small.scalar[state].values[next.scalar[state][254]]).toBe('S254');
  });
});
