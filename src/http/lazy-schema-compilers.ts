import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler } from 'fastify';

type Route = { method: string; url: string };
type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * Fastify compiles every route's validators and response serializers when the
 * app gets ready: about a hundred TypeBox checkers and fast-json-stringify
 * functions, which was most of the main thread's CPU between loading the
 * modules and opening the port. Here each one is compiled the first time its
 * route uses it, and `compile` does it ahead of time for the routes a node's
 * first requests need, so those stay as fast as the hundredth.
 * The compiled code is the same as Fastify's own: the default serializer
 * factory, and whatever validator compiler the app sets.
 */
export class LazySchemaCompilers {
  readonly #pending = new Map<string, Array<() => unknown>>();

  /** Wraps a validator compiler; the validator is compiled when it first checks a value. */
  validator<T>(compile: FastifySchemaCompiler<T>): FastifySchemaCompiler<T> {
    return (definition) => {
      let validate: ReturnType<FastifySchemaCompiler<T>> | undefined;
      const build = () => (validate ??= compile(definition));
      this.#remember(definition, build);
      return (data: unknown) => build()(data);
    };
  }

  /** Fastify's default serializer factory (`schemaController.compilersFactory.buildSerializer`), compiling on first use. */
  readonly serializerFactory: SerializerFactory = (externalSchemas, options) => (definition) => {
    let serialize: ((data: unknown) => string) | undefined;
    // A fresh factory per schema: the default one drops a schema with an $id from the shared set
    // once it compiled it, which would make the outcome depend on the order routes are first used.
    const build = () => (serialize ??= SerializerSelector()(externalSchemas, options)(definition));
    this.#remember(definition, build);
    return (data: unknown) => build()(data);
  };

  /** Compiles now what `routes` (as "METHOD /url") will need; throws what the compilers throw. */
  compile(routes: Iterable<string>): void {
    for (const route of routes) for (const build of this.#pending.get(route) ?? []) build();
  }

  /** Every route's validators and serializers, compiled now: a schema that cannot compile fails here, not on a first request. */
  compileAll(): void {
    this.compile(this.#pending.keys());
  }

  #remember(route: Route, build: () => unknown): void {
    const key = `${route.method} ${route.url}`;
    const builds = this.#pending.get(key);
    if (builds) builds.push(build);
    else this.#pending.set(key, [build]);
  }
}
