import {
  type KyselyPlugin,
  LimitNode,
  OperationNodeTransformer,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';

/** Puts a number given to `.limit()` into the statement's text instead of sending it as a parameter. */
class LimitInliner extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    const { limit } = node;
    if (ValueNode.is(limit) && !limit.immediate && Number.isSafeInteger(limit.value)) {
      return LimitNode.create(ValueNode.createImmediate(limit.value));
    }
    return super.transformLimit(node);
  }
}

/**
 * Every statement's LIMIT is written into its text (`limit 51`, not `limit $3`). PostgreSQL plans a prepared
 * statement once for all its parameters (a generic plan) only when that plan costs no more than planning for
 * the values at hand; with the limit a parameter it must assume a tenth of the rows, so a page of a list was
 * planned again on every request (2 ms for the appointment list, longer than it ran). With the page size in
 * the text the generic plan is the page's plan and is reused. Page sizes are few and bounded, so the texts
 * stay few (db/prepared-statements.ts keeps at most 64). OFFSET stays a parameter: it takes any value.
 */
export class InlineLimitsPlugin implements KyselyPlugin {
  readonly #inliner = new LimitInliner();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#inliner.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
