import { Router } from "express";
import { z } from "zod";

const router = Router();

const Body = z.object({ name: z.string().min(1) });

router.post("/", async (req, res) => {
  const parsed = Body.safeParse(req.body);
  if (!parsed.success) return res.status(400).json(parsed.error);
  res.status(201).json({ id: crypto.randomUUID(), ...parsed.data });
});

export default router;
