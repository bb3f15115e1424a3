import React, { useEffect, useState } from "react";
import type { User } from "../types";

interface Props {
  userId: string;
  onLoaded?: (user: User) => void;
}

export function UserCard({ userId, onLoaded }: Props) {
  const [user, setUser] = useState<User | null>(null);

  useEffect(() => {
    fetch(`/api/users/${userId}`)
      .then((r) => r.json())
      .then((u: User) => {
        setUser(u);
        onLoaded?.(u);
      });
  }, [userId]);

  if (!user) return <p>Loading…</p>;
  return (
    <div className="card">
      <h2>{user.name}</h2>
      <p>{user.email}</p>
    </div>
  );
}
