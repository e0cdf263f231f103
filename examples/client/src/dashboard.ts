// A console's dashboard that paints before its slowest part: each type's policies come in the first
// part, their rules (a second wave of upstream calls) in later parts, with `@defer`. Apollo Client 4
// reads the parts (`incrementalHandler: new Defer20220824Handler()`) and renders each as it arrives.
import { graphql } from './gql/index.ts';

export const DeferredDashboard = graphql(`
  query DeferredDashboard {
    password: policies(type: PASSWORD) {
      __typename
      nodes {
        __typename
        id
        name
        ... @defer(label: "passwordRules") {
          rules {
            __typename
            id
            name
          }
        }
      }
    }
    signOn: policies(type: PLATFORM_SIGN_ON) {
      __typename
      nodes {
        __typename
        id
        name
        ... @defer(label: "signOnRules") {
          rules {
            __typename
            id
            name
          }
        }
      }
    }
  }
`);
