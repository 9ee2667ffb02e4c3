// The user rows other modules may read and write, and only these: accounts signs people in,
// keeps their profile and password and creates the first administrator through them. Each call
// runs on the handle it was built with, so a caller's transaction holds its writes together with
// its own (a new password with the end of the other sign-ins, with its audit event).
import type { Db } from '../../db/index';
import { createUsersRepo } from './repo';

export function createUserRecords(db: Db) {
  const repo = createUsersRepo(db);
  return {
    findUser: repo.findUser,
    findUserNames: repo.findUserNames,
    findUserWithHashByEmail: repo.findUserWithHashByEmail,
    findPasswordHash: repo.findPasswordHash,
    lockAvatar: repo.lockAvatar,
    findOlderAvatarFiles: repo.findOlderAvatarFiles,
    countUsers: repo.countUsers,
    insertUser: repo.insertUser,
    updateProfile: repo.updateProfile,
    setPasswordHash: repo.setPasswordHash,
    replacePasswordHash: repo.replacePasswordHash,
    touchLastLogin: repo.touchLastLogin,
  };
}

export type UserRecords = ReturnType<typeof createUserRecords>;
