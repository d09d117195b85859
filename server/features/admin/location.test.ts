import { describe, expect, it } from 'vitest';
import { parseLocation } from './location';

describe('parseLocation', () => {
  it.each([
    ['Boston, MA', { city: 'Boston', state: 'MA' }],
    ['Boston, ma', { city: 'Boston', state: 'MA' }],
    ['Boston, Massachusetts', { city: 'Boston', state: 'MA' }],
    ['Boston MA', { city: 'Boston', state: 'MA' }],
    ['Boston, MA 02115', { city: 'Boston', state: 'MA' }],
    ['Boston, MA, USA', { city: 'Boston', state: 'MA' }],
    ['Albany New York', { city: 'Albany', state: 'NY' }],
    ['Salt Lake City, UT', { city: 'Salt Lake City', state: 'UT' }],
    ['  Portland ,  OR ', { city: 'Portland', state: 'OR' }],
    ['Texas', { city: null, state: 'TX' }],
    ['Springfield', { city: 'Springfield', state: null }],
    ['London, England', { city: 'London, England', state: null }],
    ['', { city: null, state: null }],
  ])('%s', (input, expected) => {
    expect(parseLocation(input)).toEqual(expected);
  });
});
