using LinearAlgebra

function power_iteration(A::Matrix{Float64}; iters::Int=100)
    x = rand(size(A, 1))
    for _ in 1:iters
        x = A * x
        x ./= norm(x)
    end
    return x
end

println(power_iteration([2.0 1.0; 1.0 3.0]))
