export type Status = "active" | "suspended" | "deleted";

export interface User {
  id: string;
  name: string;
  email: string;
  status: Status;
  createdAt: Date;
}

export enum Role {
  Admin = "admin",
  Member = "member",
}

export const DEFAULT_PAGE_SIZE = 50;
