package com.example.orders;

public interface OrderRepository {
    Order findById(long id);

    List<Order> findByCustomer(String customerId);
}
