import { Args, Context, bytesToString } from '@mason/sdk';
import { DEFAULT_CALLER, events, lastEvent, resetBetweenTests, setCaller, setDeployContext } from '@mason/testing';
import { constructor, hello, sum } from '../contracts/main';

resetBetweenTests();

function deploy(name: string): void {
  setDeployContext();
  constructor(new Args().add(name).serialize());
}

describe('constructor', () => {
  test('stores the name and says so', () => {
    deploy('Mason');
    expect(lastEvent().data).toBe('Constructor called with name Mason');
    expect(bytesToString(hello([]))).toBe('Hello, Mason!');
  });

  test('can only run while the contract is being deployed', () => {
    setCaller(DEFAULT_CALLER);
    expect(() => {
      constructor(new Args().add('intruder').serialize());
    }).toThrow();
  });
});

describe('sum', () => {
  beforeEach(() => {
    deploy('Mason');
  });

  test('adds two i32 and returns the result as text', () => {
    expect(bytesToString(sum(new Args().add<i32>(2).add<i32>(3).serialize()))).toBe('5');
  });

  test('announces the operands and the result in an event', () => {
    sum(new Args().add<i32>(40).add<i32>(2).serialize());
    expect(lastEvent().data).toBe('Sum: 40 + 2 = 42');
    expect(lastEvent().emitter).toBe(Context.callee().toString());
  });

  test('handles negative numbers', () => {
    expect(bytesToString(sum(new Args().add<i32>(-7).add<i32>(3).serialize()))).toBe('-4');
  });

  test('refuses a missing operand with a clear message', () => {
    expect(() => {
      sum(new Args().add<i32>(1).serialize());
    }).toThrow('sum takes two i32: the second is missing');
    // Only the deployment's event: the failed call announced nothing.
    expect(events().length).toBe(1);
    expect(lastEvent().data).toBe('Constructor called with name Mason');
  });
});
