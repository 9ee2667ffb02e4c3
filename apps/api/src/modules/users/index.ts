// The users module's public surface. It owns the users table (decision 0016): other modules read
// and write user rows through createUserRecords, present a user with presentUser, and never write
// the table themselves. app.ts builds the service (with accounts' password rules and sign-in end)
// and registers the routes.
export { presentUser } from './presenter';
export { createUserRecords, type UserRecords } from './records';
export { type NewUser, USER_COLUMNS, type UserRow, userSearchText } from './repo';
export { registerUsersRoutes } from './routes';
export {
  type Actor,
  createUsersService,
  type EndSignIns,
  type PasswordRules,
  type UsersDeps,
  type UsersService,
} from './service';
