SELECT u.email,
       COUNT(o.id)        AS orders,
       SUM(o.total_cents) AS revenue_cents
FROM users u
JOIN orders o ON o.user_id = u.id
WHERE o.created_at >= now() - interval '30 days'
GROUP BY u.email
ORDER BY revenue_cents DESC
LIMIT 20;
