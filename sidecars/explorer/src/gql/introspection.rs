//! Queries that only ask about the schema (GraphiQL's, graphql-core's and code generators'
//! introspection query): how they are told apart from data queries, and the schema that answers
//! them with limits of its own.

use super::{ExplorerSchema, MAX_INTROSPECTION_COMPLEXITY, MAX_INTROSPECTION_DEPTH, Mutation, Query};
use async_graphql::{EmptySubscription, Schema};

/// The same schema, answering questions about itself and nothing else (its data fields answer
/// null, its mutation is refused), with the introspection limits: what [`is_introspection`]
/// queries run on, so the deep standard introspection query is not refused by [`MAX_DEPTH`](super::MAX_DEPTH).
pub fn introspection_schema() -> ExplorerSchema {
    Schema::build(Query, Mutation, EmptySubscription)
        .introspection_only()
        .limit_depth(MAX_INTROSPECTION_DEPTH)
        .limit_complexity(MAX_INTROSPECTION_COMPLEXITY)
        .limit_recursive_depth(32)
        .finish()
}

/// Whether `request` only asks about the schema: the operation it runs is a query whose every
/// top-level field (fragments followed) is `__schema`, `__type` or `__typename`, by name (an
/// alias does not count). A query that mixes one with a data field, a mutation, or a document that
/// does not parse is not: it runs with the data limits (and gets their errors).
pub fn is_introspection(request: &async_graphql::Request) -> bool {
    use async_graphql::parser::types::{DocumentOperations, OperationType};

    // Every introspection field's name starts with two underscores, and GraphQL names have no
    // escapes: a query without them is a data query, told without parsing it a second time.
    if !request.query.contains("__") {
        return false;
    }
    let Ok(document) = async_graphql::parser::parse_query(&request.query) else { return false };
    let operation = match (&document.operations, request.operation_name.as_deref()) {
        (DocumentOperations::Single(op), _) => op,
        (DocumentOperations::Multiple(ops), Some(name)) => match ops.get(name) {
            Some(op) => op,
            None => return false,
        },
        (DocumentOperations::Multiple(ops), None) if ops.len() == 1 => match ops.values().next() {
            Some(op) => op,
            None => return false,
        },
        (DocumentOperations::Multiple(_), None) => return false,
    };
    operation.node.ty == OperationType::Query && only_schema_fields(&document, &operation.node.selection_set.node, &mut Vec::new())
}

/// Whether every field of a top-level selection set is an introspection field; `seen` holds the
/// fragments being followed (a fragment that spreads itself is not introspection).
fn only_schema_fields<'d>(
    document: &'d async_graphql::parser::types::ExecutableDocument,
    set: &'d async_graphql::parser::types::SelectionSet,
    seen: &mut Vec<&'d str>,
) -> bool {
    use async_graphql::parser::types::Selection;

    set.items.iter().all(|item| match &item.node {
        Selection::Field(field) => matches!(field.node.name.node.as_str(), "__schema" | "__type" | "__typename"),
        Selection::InlineFragment(inline) => only_schema_fields(document, &inline.node.selection_set.node, seen),
        Selection::FragmentSpread(spread) => {
            let name = spread.node.fragment_name.node.as_str();
            let Some(fragment) = document.fragments.get(name) else { return false };
            if seen.contains(&name) {
                return false;
            }
            seen.push(name);
            let only = only_schema_fields(document, &fragment.node.selection_set.node, seen);
            seen.pop();
            only
        }
    })
}
