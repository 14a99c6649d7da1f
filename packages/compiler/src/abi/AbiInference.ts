import type { AbiFunction, AbiReturns, AbiStruct } from '@mason/codec/base';
import { typeName, type ClassDeclaration, type FunctionDeclaration, type SourceNode } from './abiAst.js';
import { AbiInterpreter } from './AbiInterpreter.js';
import { isSdkSource } from './abiNames.js';
import type { AbiProgram, Declared } from './AbiProgram.js';
import { returnShape, unifyReturns } from './abiReturns.js';
import type { Sink } from './abiValue.js';
import { newFrame } from './Evaluator.js';

/**
 * Reads a contract's interface from its syntax tree: each export is evaluated abstractly (see
 * AbiInterpreter) as a node calls it — with the call's argument bytes, whose `Args` reads are its
 * parameters, and returning the bytes a node reads.
 */
export class AbiInference {
  private readonly interpreter: AbiInterpreter;

  constructor(private readonly program: AbiProgram) {
    this.interpreter = new AbiInterpreter(program);
  }

  /** The `Serializable` classes the exports read or return. */
  get structs(): Record<string, AbiStruct> {
    return this.interpreter.types.structs;
  }

  /** Records what every function of the project (and of libraries other than the SDKs) writes to storage. */
  scanStorage(): void {
    const { k } = this.program;
    const K = k.NodeKind;
    this.interpreter.scanning = true;
    this.interpreter.collectingApart(() => {
      for (const source of this.program.sources) {
        const own = source.sourceKind === k.SourceKind.User || source.sourceKind === k.SourceKind.UserEntry;
        if (!own && !(source.internalPath.startsWith('~lib/@') && !isSdkSource(source))) continue;
        for (const statement of source.statements) {
          if (statement.kind === K.FunctionDeclaration) this.evaluateAlone(statement as FunctionDeclaration, source);
          if (statement.kind === K.ClassDeclaration) {
            for (const member of (statement as ClassDeclaration).members) {
              if (member.kind === K.MethodDeclaration) this.evaluateAlone(member as FunctionDeclaration, source);
            }
          }
        }
      }
    });
    this.interpreter.scanning = false;
  }

  private evaluateAlone(fn: FunctionDeclaration, source: SourceNode): void {
    const frame = newFrame(source);
    for (const parameter of fn.signature.parameters) frame.env.set(parameter.name.text, this.interpreter.types.fromAnnotation(parameter.type, source));
    this.interpreter.run(fn, frame);
  }

  /** The ABI entry of one exported function. */
  exportedFunction(name: string, declared: Declared): AbiFunction {
    const fn = declared.node as FunctionDeclaration;
    const { types, storage } = this.interpreter;
    const sink: Sink = { params: [], problems: [] };
    // A node calls an export with the call's argument bytes and reads the bytes it returns.
    const { parameters, returnType } = fn.signature;
    const takesBytes = parameters.length === 0 || (parameters.length === 1 && types.typeOfAnnotation(parameters[0]!.type, declared.source) === 'bytes');
    if (!takesBytes) sink.problems.push(`it takes (${parameters.map((p) => p.name.text).join(', ')}) rather than the StaticArray<u8> a node passes`);
    const returnName = typeName(returnType)?.name;
    const returnsBytes = returnName === undefined || returnName === 'void' || types.typeOfAnnotation(returnType, declared.source) === 'bytes';
    const [frame, { events, notes }] = this.interpreter.collectingApart(() => this.interpreter.runOnBytes(fn, declared.source, sink));
    for (const problem of sink.problems) notes.add(problem);
    for (const param of sink.params) {
      if (param.type === 'unknown') notes.add(`the type of argument ${param.name ?? sink.params.indexOf(param) + 1} is not one Mason reads`);
    }
    let returns: AbiReturns | null = null;
    if (!returnsBytes) {
      returns = { encoding: 'unknown' };
      notes.add(`it returns ${returnName}, not the StaticArray<u8> a node reads`);
    } else if (frame.returns.length > 0 && returnName !== 'void') {
      returns = unifyReturns(frame.returns.map((value) => returnShape(value, (key) => storage.written(key))));
      if (returns.encoding === 'unknown') notes.add('the returned bytes are not built with the SDK encoders or Args, or differ between paths');
      if (returns.encoding === 'args' && returns.values.some((value) => value.type === 'unknown'))
        notes.add('the type of a returned value is not one Mason reads');
    }
    return {
      name,
      params: sink.problems.length > 0 ? 'unknown' : sink.params,
      returns,
      events,
      complete: notes.size === 0,
      notes: [...notes],
    };
  }
}
