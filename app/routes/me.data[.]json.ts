// GET /me/data.json: the signed-in user's favorites, collections and progress as one file to keep or import elsewhere.
export { exportFileLoader as loader } from "~/features/lists/account-data.server";
