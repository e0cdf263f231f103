// User types: the list and by-id queries and the links field.
import { ALL_USER_TYPES } from '../loaders.ts';
import type { QueryResolvers, UserTypeResolvers } from '../../generated/graphql.ts';

export const userTypeQueries: Pick<QueryResolvers, 'userTypes' | 'userType'> = {
  userTypes: (_, __, { loaders }) => loaders.userTypeList.load(ALL_USER_TYPES),
  userType: (_, { id }, { loaders }) => loaders.userType.load(id),
};

export const UserType: UserTypeResolvers = {
  links: (userType) => userType._links,
};
