import { describe, expect, it } from 'vitest';
import { wireRow } from '../../../../test/support/directory/index-rows';
import {
  FIELD_SEP,
  FLAG_FIELDS,
  INDEX_FIELD_COUNT,
  rowId,
  SCALAR_FIELDS,
  SET_FIELDS,
  ZIP_AT,
} from './wire-format';

describe('the row wire format', () => {
  it('counts id, npi, the scalar fields, the year, the flags, the sets, the ZIP, three timestamps and the move day', () => {
    expect(INDEX_FIELD_COUNT).toBe(2 + SCALAR_FIELDS.length + 1 + FLAG_FIELDS.length + SET_FIELDS.length + 5);
    const fields = wireRow({ id: 7, zip: '02115' }).split(FIELD_SEP);
    expect(fields).toHaveLength(INDEX_FIELD_COUNT);
    expect(fields[ZIP_AT]).toBe('02115');
  });

  it('reads the id of a row without splitting it', () => {
    expect(rowId(wireRow({ id: 123456, lastName: 'Smith' }))).toBe(123456);
  });
});
