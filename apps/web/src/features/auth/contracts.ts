// The schemas sign-in needs, loaded on demand (the form when the user starts typing, signIn when it
// sends): importing them by name instead of the whole `@staff/contracts` lets the bundle carry only the
// contracts modules they come from (accounts, roles and zod's messages), not every screen's schemas,
// which then load with the screens that use them (decision 0022).
export { LoginRequest, LoginResponse, toValidationErrors } from '@staff/contracts';
