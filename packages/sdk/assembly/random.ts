import * as env from './env/index';

/**
 * A pseudo-random i64 seeded per slot. Block producers can predict and influence it:
 * never use it for anything of value.
 */
export function unsafeRandom(): i64 {
  return env.unsafeRandom();
}
