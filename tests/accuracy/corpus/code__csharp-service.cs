using System;
using System.Collections.Generic;
using System.Threading.Tasks;

namespace Acme.Orders
{
    public class OrderService
    {
        private readonly IOrderRepository _repo;

        public OrderService(IOrderRepository repo)
        {
            _repo = repo;
        }

        public async Task<Order?> GetAsync(Guid id)
        {
            return await _repo.FindAsync(id);
        }
    }
}
